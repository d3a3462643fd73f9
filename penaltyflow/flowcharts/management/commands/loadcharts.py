from collections.abc import Iterable
from pathlib import Path

from penaltyflow.core.contentfile import LoadContentCommand
from penaltyflow.flowcharts.loader import ContentError, load_charts
from penaltyflow.flowcharts.models import Flowchart


class Command(LoadContentCommand):
    help = "Load (or update in place) the flowcharts from their content files, all or none."
    folder, files_are, error = "charts", "chart files", ContentError
    describe_verbosity = 2  # the progress lines already name each chart

    def load(self, paths: list[Path], every_file: bool) -> Iterable[Flowchart]:
        return load_charts(paths, progress=self.say)

    def describe(self, chart: Flowchart) -> str:
        return f"{chart.slug}: {chart.nodes.count()} nodes, version {chart.version}"
