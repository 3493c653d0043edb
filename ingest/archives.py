"""What an import reads: the files under the paths it is given, and the members of archives.

Folders are walked in name order, following symbolic links to folders once each (a link
back to a folder it sits in is a loop: reported, not followed); a folder that cannot be
read is reported, not skipped in silence. Every file is named by its resolved absolute
path, so the same file reached from another working directory or through a link is the
same file. ``.zip`` archives are read member by member, ``.gz``, ``.bz2`` and ``.xz`` files
as their one member, each named ``archive!member`` and decompressed as it is read (never
whole in memory). Archive formats the standard library cannot read member by member
(``.7z``, ``.rar``, tar) are files in formats not supported.
"""

from __future__ import annotations

import bz2
import contextlib
import functools
import gzip
import hashlib
import io
import lzma
import os
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, Protocol

from ingest.reader import Readable, detect_encoding

# Companion and output files that sit next to hand histories (FPDB's expected-result files,
# tracker exports, databases, pictures); left out when walking folders, not when named.
COMPANION_SUFFIXES = frozenset(
    {".hp", ".hands", ".gt", ".tsv", ".csv", ".json", ".md", ".py", ".duckdb", ".wal",
     ".parquet", ".png", ".jpg", ".pdf"}
)  # fmt: skip
_STREAMS = (".gz", ".bz2", ".xz")  # compressed files of one member
ARCHIVE_SUFFIXES = frozenset({".zip", *_STREAMS})
_NOT_SUPPORTED = {".7z": "7z archive", ".rar": "rar archive", ".tar": "tar archive",
                  ".tgz": "tar archive", ".tbz2": "tar archive", ".txz": "tar archive"}  # fmt: skip
# What reading a file or a damaged archive member can raise (zipfile raises
# NotImplementedError for a compression method it does not know).
READ_ERRORS = (OSError, EOFError, zipfile.BadZipFile, zlib.error, lzma.LZMAError,
               NotImplementedError)  # fmt: skip


class ImportPathError(Exception):
    """A path given to the import does not exist."""


class Stream(Readable, Protocol):
    """An open source: read forwards, then closed."""

    def close(self) -> None: ...


@dataclass(frozen=True)
class Found:
    """A file the walk found: a history, an archive, or a file it could not read."""

    path: Path  # resolved
    size: int  # bytes on disk
    members: int = 1  # the sources it holds (an archive's members to read)
    unreadable: str = ""  # why it cannot be read, when the walk found out


@dataclass
class Listing:
    """Everything found under the import's paths: files in order, each once; folders not
    read, with why; how many files were left out (hidden, companions, not regular files)."""

    files: list[Found] = field(default_factory=list)
    folders_not_read: list[tuple[str, str]] = field(default_factory=list)
    left_out: int = 0
    seen: set[Path] = field(default_factory=set)  # the files' paths
    walked: set[tuple[int, int]] = field(default_factory=set)  # folders' (device, inode)

    def add(self, path: Path, size: int, unreadable: str = "") -> None:
        """Add a file (once), counting an archive's members."""
        if path in self.seen:
            return
        self.seen.add(path)
        members, left_out = (1, 0) if unreadable else count_members(path)
        self.files.append(Found(path, size, members, unreadable))
        self.left_out += left_out


@dataclass(frozen=True)
class Source:
    """A file or an archive member to read: ``name`` is what its rows store as
    ``source_file``; ``size`` its bytes when known before reading it (not in a ``.gz``,
    ``.bz2`` or ``.xz`` file), ``stored`` the bytes it takes on disk. ``path`` is set for a
    plain file. ``unsupported`` or ``unreadable`` say why it is not read, when that is
    known without reading it."""

    name: str
    size: int | None
    stored: int
    open: Callable[[], Stream]
    path: Path | None = None
    unsupported: str = ""
    unreadable: str = ""


def find(paths: Iterable[str | Path]) -> Listing:
    """The files to import: named files as given (always read), folders walked."""
    listing = Listing()
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            _walk(path.resolve(), listing, frozenset())
        elif path.is_file():
            listing.add(path.resolve(), path.stat().st_size)
        elif path.is_symlink():
            listing.add(path.absolute(), 0, "broken symbolic link")
        else:
            raise ImportPathError(f"no such file or folder: {path}")
    return listing


def why(exc: BaseException) -> str:
    """What went wrong reading a file or folder, in a few words ("permission denied")."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    name = "zlib.error" if isinstance(exc, zlib.error) else type(exc).__name__
    return f"{name}: {exc}"


def _walk(folder: Path, listing: Listing, ancestors: frozenset[tuple[int, int]]) -> None:
    """Add the files under ``folder`` (real path), in name order, following links to
    folders not yet walked."""
    try:
        here = folder.stat()
        if (here.st_dev, here.st_ino) in listing.walked:
            return  # named twice, or reached again through a link: its files are listed
        with os.scandir(folder) as scan:
            entries = sorted(scan, key=lambda entry: entry.name)
    except OSError as exc:
        listing.folders_not_read.append((str(folder), why(exc)))
        return
    ancestors |= {(here.st_dev, here.st_ino)}
    listing.walked.add((here.st_dev, here.st_ino))
    for entry in entries:
        path = folder / entry.name
        try:
            if entry.is_dir():
                _enter(path, entry, listing, ancestors)
            elif entry.is_file():
                _add_entry(path, entry, listing)
            elif entry.is_symlink():
                listing.add(path, 0, "broken symbolic link")
            else:
                listing.left_out += 1  # a pipe, socket or device: no history
        except OSError as exc:
            listing.add(path, 0, why(exc))


def _enter(path: Path, entry: os.DirEntry[str], listing: Listing,
           ancestors: frozenset[tuple[int, int]]) -> None:  # fmt: skip
    """Walk a subfolder; a linked one under its real path, unless it loops back to a folder
    the link is in."""
    if not entry.is_symlink():
        _walk(path, listing, ancestors)
        return
    target = entry.stat()
    if (target.st_dev, target.st_ino) in ancestors:
        listing.folders_not_read.append(
            (str(path), f"symbolic link loop back to {os.path.realpath(path)}")
        )
    else:
        _walk(Path(os.path.realpath(path)), listing, ancestors)


def _add_entry(path: Path, entry: os.DirEntry[str], listing: Listing) -> None:
    if not wanted(entry.name):
        listing.left_out += 1
        return
    real = Path(os.path.realpath(path)) if entry.is_symlink() else path
    listing.add(real, entry.stat().st_size)


def wanted(name: str) -> bool:
    """Whether a file found in a folder or an archive is read: not hidden, not a companion."""
    base = name.rsplit("/", 1)[-1]
    return not base.startswith(".") and Path(base).suffix.lower() not in COMPANION_SUFFIXES


def unsupported(name: str) -> str:
    """Why a file's name says its format is not supported ("" when it does not)."""
    lower = name.lower()
    if lower.endswith((".tar.gz", ".tar.bz2", ".tar.xz")):
        return "tar archive"
    return _NOT_SUPPORTED.get(Path(lower).suffix, "")


def _zip_members(archive: zipfile.ZipFile) -> tuple[list[zipfile.ZipInfo], int]:
    """The members to read in name order, and how many are left out."""
    files = [info for info in archive.infolist() if not info.is_dir()]
    read = sorted((info for info in files if wanted(info.filename)), key=lambda i: i.filename)
    return read, len(files) - len(read)


def count_members(path: Path) -> tuple[int, int]:
    """The sources a file holds (1 unless it is a zip archive) and members left out."""
    if path.suffix.lower() != ".zip" or unsupported(path.name):
        return 1, 0
    try:
        with zipfile.ZipFile(path) as archive:
            read, left_out = _zip_members(archive)
    except (OSError, zipfile.BadZipFile):
        return 1, 0  # reported when it is read
    return len(read), left_out


def sources(found: Found) -> Iterator[Source]:
    """The sources of a file found: the file itself, or an archive's members (a zip
    archive stays open while its members are read)."""
    path, suffix = found.path, found.path.suffix.lower()
    if found.unreadable or unsupported(path.name) or suffix not in ARCHIVE_SUFFIXES:
        yield Source(str(path), found.size, found.size, functools.partial(_open, path), path,
                     unsupported(path.name), found.unreadable)  # fmt: skip
    elif suffix == ".zip":
        yield from _zip_sources(str(path), found.size, path)
    else:
        opener = functools.partial(_decompressing, suffix, path)
        yield _member(f"{path}!{path.stem}", None, found.size, opener, path.stem)


def sources_in(name: str, data: bytes) -> Iterator[Source]:
    """The sources of a file named ``name`` (a URL) whose bytes are ``data``, as
    :func:`sources` gives them for a file on disk: the file itself, or an archive's
    members, named ``name!member``."""
    base = name.rsplit("/", 1)[-1]
    suffix = Path(base).suffix.lower()
    if unsupported(base) or suffix not in ARCHIVE_SUFFIXES:
        yield Source(name, len(data), len(data), functools.partial(io.BytesIO, data), None,
                     unsupported(base))  # fmt: skip
    elif suffix == ".zip":
        yield from _zip_sources(name, len(data), io.BytesIO(data))
    else:
        stem = Path(base).stem
        opener = functools.partial(_decompressing_bytes, suffix, data)
        yield _member(f"{name}!{stem}", None, len(data), opener, stem)


def _open(path: Path) -> Stream:
    return open(path, "rb")


def _decompressing(suffix: str, source: Path | BinaryIO) -> Stream:
    """The one member of a ``.gz``, ``.bz2`` or ``.xz`` file, decompressed as it is read."""
    if suffix == ".gz":
        return gzip.open(source, "rb")
    return bz2.open(source, "rb") if suffix == ".bz2" else lzma.open(source, "rb")


def _decompressing_bytes(suffix: str, data: bytes) -> Stream:
    return _decompressing(suffix, io.BytesIO(data))


def _member(name: str, size: int | None, stored: int, opener: Callable[[], Stream],
            inner: str, unreadable: str = "") -> Source:  # fmt: skip
    """An archive member; an archive inside an archive is not read (not supported)."""
    nested = "archive inside an archive" if Path(inner.lower()).suffix in ARCHIVE_SUFFIXES else ""
    return Source(name, size, stored, opener, None, nested or unsupported(inner), unreadable)


def _zip_sources(name: str, size: int, source: Path | BinaryIO) -> Iterator[Source]:
    try:
        archive = zipfile.ZipFile(source)
    except (OSError, zipfile.BadZipFile) as exc:
        reason = why(exc) if isinstance(exc, OSError) else f"damaged zip archive ({exc})"
        never = functools.partial(io.BytesIO, b"")  # not called: it is unreadable
        yield Source(name, size, size, never, None, "", reason)
        return
    with archive:
        for info in _zip_members(archive)[0]:
            opener = functools.partial(archive.open, info)
            encrypted = "encrypted (no password)" if info.flag_bits & 0x1 else ""
            yield _member(f"{name}!{info.filename}", info.file_size, info.compress_size,
                          opener, info.filename, encrypted)  # fmt: skip


def head(source: Source, size: int) -> bytes:
    """The first ``size`` bytes of a source (raises one of :data:`READ_ERRORS`)."""
    with contextlib.closing(source.open()) as stream:
        return stream.read(size)


def is_blank(data: bytes) -> bool:
    """Whether ``data`` holds nothing but white space (and a byte-order mark)."""
    return not data.decode(detect_encoding(data), errors="replace").lstrip("\ufeff").strip()


class Hashing:
    """A stream read through, its bytes hashed and counted on the way."""

    def __init__(self, stream: Readable) -> None:
        self.stream, self.digest, self.size = stream, hashlib.sha256(), 0

    def read(self, size: int = -1, /) -> bytes:
        data = self.stream.read(size)
        self.digest.update(data)
        self.size += len(data)
        return data


def digest(source: Source) -> tuple[str, int]:
    """The sha256 and size of what a source holds, read to its end now."""
    with contextlib.closing(source.open()) as stream:
        hashing = Hashing(stream)
        while hashing.read(1 << 20):
            pass
    return hashing.digest.hexdigest(), hashing.size


def file_sha256(path: Path) -> str:
    """A file's sha256 ("" if it can no longer be read)."""
    try:
        with path.open("rb") as stream:
            return hashlib.file_digest(stream, "sha256").hexdigest()
    except OSError:
        return ""
