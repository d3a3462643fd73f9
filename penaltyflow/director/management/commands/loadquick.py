from penaltyflow.core.contentfile import LoadContentCommand
from penaltyflow.director.loader import QuickContentError, load_guides


class Command(LoadContentCommand):
    help = (
        "Load the director's quick mode from content/quick/*.yaml, all or none (after loadcharts)."
    )
    folder, files_are, error = "quick", "quick-mode files", QuickContentError

    def load(self, paths, every_file):
        return load_guides(paths, replace_all=every_file)

    def describe(self, guide):
        rulings = sum("ruling" in node for node in guide.nodes.values())
        deepest = max(node["taps"] for node in guide.nodes.values() if "ruling" in node)
        return f"{guide.slug}: {rulings} rulings, each within {deepest} taps of the start"
