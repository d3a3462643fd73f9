"""Answer becomes QuizAnswer (the classroom has its own Answer); the table keeps its name,
so nothing is rewritten in the database."""

from django.conf import settings
from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("quizzes", "0003_learner_tag_and_statements"),
    ]

    operations = [
        migrations.AlterModelTable(name="answer", table="quizzes_answer"),
        migrations.RenameModel(old_name="Answer", new_name="QuizAnswer"),
    ]
