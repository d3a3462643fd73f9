"""What the classroom's forms take in, checked in one place: codes, names, answers, lessons.

Each form says what is wrong in a player's words; a view turns a tampered form (a
field no page would send) into a 400 and a plain mistake into the page again with
the message.
"""

from django import forms
from django.core import validators

from .models import CODE_ALPHABET, CODE_LENGTH, Lesson
from .present import item_view

# What people type for a code that is not in it: the codes leave these out on purpose.
LOOK_ALIKES = {"I", "O", "0", "1"}

CODE_HELP = (
    f"A class code is {CODE_LENGTH} characters, letters and digits; it never has "
    "I, O, 0 or 1 in it (they look too alike), so check those on the screen again."
)


def normal_code(typed: str) -> str:
    """What someone typed for a code, as the code is stored: capitals, no spaces or dashes."""
    return "".join(c for c in (typed or "").upper() if c not in " -\t\u00a0")


class CodeField(forms.CharField):
    """A class code as people type it: lower case, spaces and dashes are fine."""

    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", 20)
        super().__init__(**kwargs)

    def to_python(self, value):
        return normal_code(super().to_python(value))

    def validate(self, value):
        if not value:
            raise forms.ValidationError("Type the code shown on the teacher's screen.")
        if looks := sorted({c for c in value if c in LOOK_ALIKES}):
            shown = " or ".join(looks)
            raise forms.ValidationError(
                f"Class codes never use I, O, 0 or 1 (they look too alike), and you typed "
                f"{shown}. Look at the screen again: it is another letter or digit."
            )
        if others := sorted({c for c in value if c not in CODE_ALPHABET}):
            raise forms.ValidationError(
                f"A class code has only letters and digits, not {' '.join(others)}."
            )
        if len(value) != CODE_LENGTH:
            raise forms.ValidationError(
                f"A class code is {CODE_LENGTH} characters; you typed {len(value)}."
            )


class NameField(forms.CharField):
    """A student's name: spaces squeezed, at most 40 characters (longer is cut, not refused)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)

    def to_python(self, value):
        return " ".join(super().to_python(value).split())[:40]


class JoinForm(forms.Form):
    name = NameField()


class JoinAnyForm(JoinForm):
    code = CodeField()

    field_order = ["code", "name"]


class StartForm(forms.Form):
    lesson = forms.ModelChoiceField(
        queryset=Lesson.objects.all(),
        to_field_name="slug",
        error_messages={
            "required": "There is no lesson with that name.",
            "invalid_choice": "There is no lesson with that name.",
        },
    )

    def __init__(self, *args, lessons=None, **kwargs):
        super().__init__(*args, **kwargs)
        if lessons is not None:  # the lessons this teacher may start (access.startable_lessons)
            self.fields["lesson"].queryset = lessons


class AnswerForm(forms.Form):
    """A student's answer to one item of `session`: `item` its index, `answer` the keys ticked.

    The item is checked first (a number no page shows is a tampered form); then the
    answer against that item's choices. `view` is the item, once `item` is valid.
    """

    NOTHING = "Tick an answer first, then send it."
    NOT_SHOWN = "Choose one of the answers shown."

    item = forms.IntegerField(min_value=0, max_value=10**6)
    answer = forms.MultipleChoiceField(
        required=False, choices=[], error_messages={"invalid_choice": NOT_SHOWN}
    )

    def __init__(self, data, session):
        super().__init__(data)
        self.session = session
        self.view = None

    def clean_item(self) -> int:
        item = self.cleaned_data["item"]
        if item >= len(self.session.items):
            raise forms.ValidationError("'item' is the number of an item of this class.")
        self.view = item_view(self.session.items[item])
        self.fields["answer"].choices = self.view.answer_choices
        return item

    def clean_answer(self) -> list[str]:
        keys = sorted(set(self.cleaned_data["answer"]))
        if not keys:
            raise forms.ValidationError(self.NOTHING, code="nothing")
        if len(keys) > 1 and not self.view.multiple:
            raise forms.ValidationError(self.NOT_SHOWN, code="several")
        return keys

    @property
    def nothing_ticked(self) -> bool:
        """The one mistake a person makes (the page sends only its own choices)."""
        errors = self.errors.as_data().get("answer", [])
        return bool(errors) and all(e.code == "nothing" for e in errors)


def _title(value: str) -> str:
    return " ".join((value or "").split())[:200]


class NewLessonForm(forms.Form):
    """A new lesson: a title, or a copy of a lesson (its title then defaults to "... (my copy)")."""

    title = forms.CharField(required=False, max_length=1000)
    copy = forms.ModelChoiceField(
        queryset=Lesson.objects.all(),
        to_field_name="slug",
        required=False,
        error_messages={"invalid_choice": "There is no lesson with that name to copy."},
    )

    def __init__(self, *args, lessons=None, **kwargs):
        super().__init__(*args, **kwargs)
        if lessons is not None:  # another teacher's lesson cannot be copied (nor its answers read)
            self.fields["copy"].queryset = lessons

    def clean_title(self) -> str:
        return _title(self.cleaned_data["title"])

    def clean(self):
        data = super().clean()
        if not data.get("title") and data.get("copy") is not None:
            data["title"] = f"{data['copy'].title} (my copy)"
        if not data.get("title") and not self.errors:
            raise forms.ValidationError("A lesson needs a title.")
        return data


class LessonChangeForm(forms.Form):
    """One change to a lesson in the builder, named by `action`."""

    ACTIONS = [
        ("add-step", "Add a chart step"),
        ("add-question", "Add a quiz question"),
        ("remove", "Remove an item"),
        ("toggle-hide", "Hide or show where a step's choices lead"),
        ("up", "Move an item up"),
        ("down", "Move an item down"),
        ("rename", "Rename the lesson"),
    ]
    NEEDS_POSITION = {"remove", "toggle-hide", "up", "down"}

    action = forms.ChoiceField(
        choices=ACTIONS, error_messages={"invalid_choice": "Unknown change."}
    )
    position = forms.IntegerField(required=False, min_value=0)
    step = forms.CharField(required=False, max_length=200)
    hide = forms.BooleanField(required=False)
    question = forms.CharField(required=False, max_length=100)
    title = forms.CharField(required=False, max_length=1000)

    def clean_title(self) -> str:
        return _title(self.cleaned_data["title"])

    def clean(self):
        data = super().clean()
        action = data.get("action")
        if action in self.NEEDS_POSITION and data.get("position") is None:
            self.add_error("position", "That item is not in this lesson.")
        if action == "rename" and not data.get("title"):
            self.add_error("title", "A lesson needs a title.")
        return data


class ItemQuery(forms.Form):
    """`?item=`: which item of an ended class the projector shows (none: where it ended)."""

    item = forms.IntegerField(required=False, min_value=0)

    def __init__(self, data, session):
        super().__init__(data)
        self.fields["item"].validators.append(validators.MaxValueValidator(len(session.items) - 1))


class HandoutQuery(forms.Form):
    """`?paper=`: the handout's page size, A4 unless asked for letter."""

    paper = forms.ChoiceField(required=False, choices=[("a4", "A4"), ("letter", "Letter")])

    def clean_paper(self) -> str:
        return self.cleaned_data["paper"] or "a4"


class PreviewQuery(forms.Form):
    """What the lesson builder previews: a `question` id, else a `step` ("chart/node")."""

    question = forms.CharField(required=False, max_length=100)
    step = forms.CharField(required=False, max_length=101)
