"""Third step: the example's own links into the charts go (flowcharts 0006 copied them)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("hands", "0002_example_owners_let_go"),
        ("flowcharts", "0006_choice_and_node_point_to_their_example"),
    ]

    operations = [
        migrations.RemoveField(model_name="example", name="choice"),
        migrations.RemoveField(model_name="example", name="node"),
    ]
