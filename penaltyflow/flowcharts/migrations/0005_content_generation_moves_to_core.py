"""ContentGeneration now belongs to penaltyflow.core; its table is kept as it is."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("flowcharts", "0004_content_generation"),
        ("core", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="ContentGeneration")],
            database_operations=[],
        ),
    ]
