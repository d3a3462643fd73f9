"""The classroom's answer row keeps no copy of the keys and grade (0003 linked each row
to the quiz's answer row that holds them)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("classroom", "0003_answer_stored_once")]

    operations = [
        migrations.RemoveField(model_name="answer", name="keys"),
        migrations.RemoveField(model_name="answer", name="right"),
        migrations.AlterField(
            model_name="answer",
            name="answer",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="quizzes.quizanswer",
            ),
        ),
    ]
