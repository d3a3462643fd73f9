from penaltyflow.classroom.loader import LessonError, load_lessons
from penaltyflow.core.contentfile import LoadContentCommand


class Command(LoadContentCommand):
    help = "Load (or update in place) the lessons from content/lessons/*.yaml, all or none."
    folder, files_are, error = "lessons", "lesson files", LessonError

    def load(self, paths, every_file):
        return load_lessons(paths, prune=every_file)

    def describe(self, lesson):
        return f"{lesson.slug}: {lesson.items.count()} items"
