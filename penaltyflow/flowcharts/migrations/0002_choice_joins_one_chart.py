"""A choice must join two nodes of one chart.

A CHECK constraint cannot look at another table, and Django has no composite
foreign keys, so this is a trigger, written for each database we support.
"""

from django.db import migrations

MESSAGE = "a choice must join two nodes of the same chart"

SQLITE_FORWARD = [
    f"""
    CREATE TRIGGER flowcharts_choice_same_chart_{when}
    BEFORE {when} ON flowcharts_choice
    WHEN (SELECT chart_id FROM flowcharts_node WHERE id = NEW.source_id)
      != (SELECT chart_id FROM flowcharts_node WHERE id = NEW.target_id)
    BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END;
    """
    for when in ("INSERT", "UPDATE")
] + [
    # Moving a node to another chart would tear its choices across two charts.
    f"""
    CREATE TRIGGER flowcharts_node_keeps_choices_in_chart
    BEFORE UPDATE OF chart_id ON flowcharts_node
    WHEN NEW.chart_id != OLD.chart_id
      AND EXISTS (SELECT 1 FROM flowcharts_choice WHERE source_id = NEW.id OR target_id = NEW.id)
    BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END;
    """
]
SQLITE_BACKWARD = [
    "DROP TRIGGER IF EXISTS flowcharts_choice_same_chart_INSERT;",
    "DROP TRIGGER IF EXISTS flowcharts_choice_same_chart_UPDATE;",
    "DROP TRIGGER IF EXISTS flowcharts_node_keeps_choices_in_chart;",
]

POSTGRES_FORWARD = [
    f"""
    CREATE FUNCTION flowcharts_choice_same_chart() RETURNS trigger AS $$
    BEGIN
      IF (SELECT chart_id FROM flowcharts_node WHERE id = NEW.source_id)
         IS DISTINCT FROM (SELECT chart_id FROM flowcharts_node WHERE id = NEW.target_id) THEN
        RAISE EXCEPTION '{MESSAGE}' USING ERRCODE = 'integrity_constraint_violation';
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql;
    """,
    """
    CREATE TRIGGER flowcharts_choice_same_chart BEFORE INSERT OR UPDATE ON flowcharts_choice
    FOR EACH ROW EXECUTE FUNCTION flowcharts_choice_same_chart();
    """,
    f"""
    CREATE FUNCTION flowcharts_node_keeps_choices_in_chart() RETURNS trigger AS $$
    BEGIN
      IF NEW.chart_id IS DISTINCT FROM OLD.chart_id AND EXISTS (
          SELECT 1 FROM flowcharts_choice WHERE source_id = NEW.id OR target_id = NEW.id) THEN
        RAISE EXCEPTION '{MESSAGE}' USING ERRCODE = 'integrity_constraint_violation';
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql;
    """,
    """
    CREATE TRIGGER flowcharts_node_keeps_choices_in_chart BEFORE UPDATE ON flowcharts_node
    FOR EACH ROW EXECUTE FUNCTION flowcharts_node_keeps_choices_in_chart();
    """,
]
POSTGRES_BACKWARD = [
    "DROP TRIGGER IF EXISTS flowcharts_choice_same_chart ON flowcharts_choice;",
    "DROP FUNCTION IF EXISTS flowcharts_choice_same_chart();",
    "DROP TRIGGER IF EXISTS flowcharts_node_keeps_choices_in_chart ON flowcharts_node;",
    "DROP FUNCTION IF EXISTS flowcharts_node_keeps_choices_in_chart();",
]


def forward(apps, schema_editor):
    statements = {"sqlite": SQLITE_FORWARD, "postgresql": POSTGRES_FORWARD}
    for sql in statements.get(schema_editor.connection.vendor, []):
        schema_editor.execute(sql)


def backward(apps, schema_editor):
    statements = {"sqlite": SQLITE_BACKWARD, "postgresql": POSTGRES_BACKWARD}
    for sql in statements.get(schema_editor.connection.vendor, []):
        schema_editor.execute(sql)


class Migration(migrations.Migration):
    dependencies = [("flowcharts", "0001_initial")]
    operations = [migrations.RunPython(forward, backward)]
