from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFiles(CompressedManifestStaticFilesStorage):
    """Hashed names (cached for a year by WhiteNoise) once collected; plain names before.

    `make setup` collects, so a served site always has the hashed names. A file added
    since (a developer's new static file, the tests without collectstatic) falls back
    to its plain name, which WhiteNoise serves from static/ through the finders,
    instead of failing every page that links it.
    """

    def stored_name(self, name):
        try:
            return super().stored_name(name)
        except ValueError:
            return name
