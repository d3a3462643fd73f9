"""Answers and review cards keep only the indexes their queries use (every answer post
writes to both tables, and each index is one more page to write).

Only the indexes are dropped: through AlterField, SQLite would copy each table whole
(three times for answers) and PostgreSQL would drop and re-check the foreign keys,
both while holding the tables locked against answer posts.
"""

import django.db.models.deletion
from django.db import migrations, models

# (index, table, column): as 0001_initial made them, on SQLite and PostgreSQL alike.
DROPPED = [
    ("quizzes_answer_learner_id_04bd25bc", "quizzes_answer", "learner_id"),
    ("quizzes_answer_round_id_d9588aaf", "quizzes_answer", "round_id"),
    ("quizzes_answer_qid_aae05061", "quizzes_answer", "qid"),
    ("quizzes_reviewcard_learner_id_b5f0e79a", "quizzes_reviewcard", "learner_id"),
    ("quizzes_reviewcard_due_f1249de7", "quizzes_reviewcard", "due"),
]
LIKE = "quizzes_answer_qid_aae05061_like"  # PostgreSQL's second index on a CharField


def drop(apps, schema_editor):
    quote = schema_editor.quote_name
    for name in [index for index, _, _ in DROPPED] + [LIKE]:
        schema_editor.execute(f"DROP INDEX IF EXISTS {quote(name)}")


def create(apps, schema_editor):
    quote = schema_editor.quote_name
    for name, table, column in DROPPED:
        schema_editor.execute(f"CREATE INDEX {quote(name)} ON {quote(table)} ({quote(column)})")
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(
            f'CREATE INDEX {quote(LIKE)} ON "quizzes_answer" ("qid" varchar_pattern_ops)'
        )


class Migration(migrations.Migration):
    dependencies = [
        ("quizzes", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[migrations.RunPython(drop, create)],
            state_operations=[
                migrations.AlterField(
                    model_name="answer",
                    name="learner",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="answers",
                        to="quizzes.learner",
                    ),
                ),
                migrations.AlterField(
                    model_name="answer",
                    name="qid",
                    field=models.CharField(max_length=150),
                ),
                migrations.AlterField(
                    model_name="answer",
                    name="round",
                    field=models.ForeignKey(
                        blank=True,
                        db_index=False,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="answers",
                        to="quizzes.round",
                    ),
                ),
                migrations.AlterField(
                    model_name="reviewcard",
                    name="due",
                    field=models.DateTimeField(),
                ),
                migrations.AlterField(
                    model_name="reviewcard",
                    name="learner",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="cards",
                        to="quizzes.learner",
                    ),
                ),
            ],
        ),
    ]
