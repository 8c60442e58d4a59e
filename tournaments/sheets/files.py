"""The storage of rendered PDFs on disk: a file is whole under its name, or not there.

Django's FileSystemStorage writes straight under the final name, so a disk that fills up
halfway leaves a file cut short (0 or 8,192 bytes) that another request, or another host
sharing MEDIA_ROOT, would take for the PDF. Here each file is written under a temporary name
in the same folder, flushed to the disk, then renamed in one step; a write that fails leaves
nothing behind.
"""

from __future__ import annotations

import os
import tempfile

from django.core.files.storage import FileSystemStorage

FILE_MODE = 0o644  # as Django's own storage leaves a file under the usual umask


class AtomicFileSystemStorage(FileSystemStorage):
    """FileSystemStorage whose files appear whole or not at all."""

    def _save(self, name: str, content) -> str:
        full_path = self.path(name)
        folder = os.path.dirname(full_path)
        os.makedirs(folder, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".", suffix=".part")
        try:
            with os.fdopen(handle, "wb") as file:
                for chunk in content.chunks():
                    file.write(chunk)
                file.flush()
                os.fsync(file.fileno())
            os.chmod(temporary, self.file_permissions_mode or FILE_MODE)
            os.replace(temporary, full_path)
        except BaseException:
            os.unlink(temporary)
            raise
        return name
