from django.db import models
from django.urls import reverse


class QuickGuide(models.Model):
    """One situation of the director's quick mode, as its content file describes it.

    `nodes` is the checked tree (see loader.py): {key: node}, each node a question
    (`ask`, `answers`) or a ruling (`ruling`, `cite`, `tell`, `step`), with the way
    back (`parent`, `answer`) filled in by the loader.
    """

    slug = models.SlugField(unique=True)
    title = models.CharField(max_length=120)
    laws = models.CharField(max_length=50)
    summary = models.CharField(max_length=200)
    order = models.PositiveIntegerField(default=0)
    start = models.SlugField()
    nodes = models.JSONField()
    source_file = models.CharField(max_length=300, blank=True, editable=False)

    class Meta:
        ordering = ["order", "slug"]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("director:guide", args=[self.slug])

    def node_url(self, key: str) -> str:
        if key == self.start:
            return self.get_absolute_url()
        return reverse("director:node", args=[self.slug, key])
