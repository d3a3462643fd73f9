"""ContentGeneration moves here from flowcharts: the table stays, only the state moves."""

from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("flowcharts", "0004_content_generation"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="ContentGeneration",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("value", models.PositiveBigIntegerField(default=0)),
                    ],
                    options={"db_table": "flowcharts_contentgeneration"},
                ),
            ],
            database_operations=[],
        ),
    ]
