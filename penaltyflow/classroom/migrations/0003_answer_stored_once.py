"""A classroom answer is stored once: its keys and grade live in the quiz's answer row
(quizzes.QuizAnswer, which the answer post writes anyway); the classroom's row points to it.

Existing rows are linked to the student's newest quiz answer to that question with the
same keys, or, where there is none, given one made from their own keys and grade."""

import django.db.models.deletion
from django.db import migrations, models


def link(apps, schema_editor):
    Answer = apps.get_model("classroom", "Answer")
    QuizAnswer = apps.get_model("quizzes", "QuizAnswer")
    Learner = apps.get_model("quizzes", "Learner")
    for row in Answer.objects.select_related("session").iterator():
        keys = row.keys.split(",") if row.keys else []
        spec = row.session.items[row.item] if row.item < len(row.session.items) else {}
        qid = spec.get("question") or ""
        learner, _ = Learner.objects.get_or_create(tag=f"classroom-student-{row.student_id}")
        mine = QuizAnswer.objects.filter(learner=learner, qid=qid).order_by("-created", "-id")
        found = next((a for a in mine if sorted(a.keys) == sorted(keys)), None)
        if found is None:
            law = mine.values_list("law", flat=True).first() or ""
            found = QuizAnswer.objects.create(
                learner=learner, qid=qid, law=law, keys=keys, correct=row.right,
                created=row.updated,
            )  # fmt: skip
        row.answer = found
        row.save(update_fields=["answer"])


def unlink(apps, schema_editor):
    Answer = apps.get_model("classroom", "Answer")
    for row in Answer.objects.select_related("answer").iterator():
        row.keys, row.right = ",".join(row.answer.keys), row.answer.correct
        row.save(update_fields=["keys", "right"])


class Migration(migrations.Migration):
    dependencies = [
        ("classroom", "0002_lesson_order"),
        ("quizzes", "0004_rename_answer_quizanswer"),
    ]

    operations = [
        migrations.AddField(
            model_name="answer",
            name="answer",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="quizzes.quizanswer",
            ),
        ),
        migrations.RunPython(link, unlink),
    ]
