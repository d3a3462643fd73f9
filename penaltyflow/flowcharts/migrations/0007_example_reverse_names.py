"""Last step: from an example back to its owner as before (`example.choice`, `example.node`)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("flowcharts", "0006_choice_and_node_point_to_their_example"),
        ("hands", "0003_example_knows_no_chart"),
    ]

    operations = [
        migrations.AlterField(
            model_name="choice",
            name="example",
            field=models.OneToOneField(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="choice",
                to="hands.example",
            ),
        ),
        migrations.AlterField(
            model_name="node",
            name="example",
            field=models.OneToOneField(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="node",
                to="hands.example",
            ),
        ),
    ]
