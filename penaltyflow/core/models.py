from django.db import models


class ContentGeneration(models.Model):
    """A counter that moves on with every change of content: the key the built pages are kept by."""

    value = models.PositiveBigIntegerField(default=0)

    class Meta:
        db_table = "flowcharts_contentgeneration"  # made by the flowcharts app; moved here as is

    def __str__(self) -> str:
        return f"Content generation {self.value}"


class ContentLoad(models.Model):
    """What one kind of content (charts, quiz, lessons, quick) was last loaded from: a digest
    of its files and of the code, and the content generation right after. `manage.py loadX`
    skips a load while both still hold (penaltyflow/core/contentload.py)."""

    kind = models.CharField(max_length=20, unique=True)
    digest = models.CharField(max_length=64)
    generation = models.PositiveBigIntegerField()
    loaded = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.kind} loaded at generation {self.generation}"
