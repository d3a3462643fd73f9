from django.db import models


class ContentGeneration(models.Model):
    """A counter that moves on with every change of content: the key the built pages are kept by."""

    value = models.PositiveBigIntegerField(default=0)

    class Meta:
        db_table = "flowcharts_contentgeneration"  # made by the flowcharts app; moved here as is

    def __str__(self) -> str:
        return f"Content generation {self.value}"
