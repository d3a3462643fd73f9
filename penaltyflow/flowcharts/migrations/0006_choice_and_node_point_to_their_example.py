"""Second step: a choice or a node points to its example; each link is copied over.

SQLite adds a unique column by rebuilding the table, which its triggers (0002) would
not survive: they are dropped first and made again at the end.
"""

import importlib

import django.db.models.deletion
from django.db import migrations, models

triggers = importlib.import_module("penaltyflow.flowcharts.migrations.0002_choice_joins_one_chart")


def copy_links(apps, schema_editor):
    Example = apps.get_model("hands", "Example")
    Choice = apps.get_model("flowcharts", "Choice")
    Node = apps.get_model("flowcharts", "Node")
    for pk, choice_id, node_id in Example.objects.values_list("pk", "choice_id", "node_id"):
        if choice_id is not None:
            Choice.objects.filter(pk=choice_id).update(example_id=pk)
        if node_id is not None:
            Node.objects.filter(pk=node_id).update(example_id=pk)


def copy_links_back(apps, schema_editor):
    Example = apps.get_model("hands", "Example")
    Choice = apps.get_model("flowcharts", "Choice")
    Node = apps.get_model("flowcharts", "Node")
    for pk, example_id in Choice.objects.exclude(example=None).values_list("pk", "example_id"):
        Example.objects.filter(pk=example_id).update(choice_id=pk)
    for pk, example_id in Node.objects.exclude(example=None).values_list("pk", "example_id"):
        Example.objects.filter(pk=example_id).update(node_id=pk)


class Migration(migrations.Migration):
    dependencies = [
        ("flowcharts", "0005_content_generation_moves_to_core"),
        ("hands", "0002_example_owners_let_go"),
    ]

    operations = [
        migrations.RunPython(triggers.backward, triggers.forward),
        migrations.AddField(
            model_name="choice",
            name="example",
            field=models.OneToOneField(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="hands.example",
            ),
        ),
        migrations.AddField(
            model_name="node",
            name="example",
            field=models.OneToOneField(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="hands.example",
            ),
        ),
        migrations.RunPython(copy_links, copy_links_back),
        migrations.RunPython(triggers.forward, triggers.backward),
    ]
