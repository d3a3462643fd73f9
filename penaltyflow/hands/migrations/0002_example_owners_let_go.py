"""First of four steps turning the example's links round (charts point to hands, never back).

Here the old links give up their reverse names (`Choice.example`, `Node.example`),
so flowcharts 0006 can add fields of those names, and the check that an example
belongs to one of them goes (the link is now on the chart's side).
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("hands", "0001_initial"),
        ("flowcharts", "0005_content_generation_moves_to_core"),
    ]

    operations = [
        # Taken back (on a migration backwards) only once the links are copied back.
        migrations.RemoveConstraint(
            model_name="example", name="example_belongs_to_a_choice_or_a_node"
        ),
        migrations.AlterField(
            model_name="example",
            name="choice",
            field=models.OneToOneField(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="flowcharts.choice",
            ),
        ),
        migrations.AlterField(
            model_name="example",
            name="node",
            field=models.OneToOneField(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="flowcharts.node",
            ),
        ),
    ]
