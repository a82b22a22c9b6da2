#pragma once

#include <cstdint>
#include <string>
#include <string_view>

/// Files of the user's own that others must not read (the audit log, the SQL console's
/// history): created with mode 0600 by open(2) itself, in a folder created 0700. A path that is
/// a symbolic link is refused, never followed; anything but a regular file (a directory, a named
/// pipe, a device such as /dev/full) is refused without waiting for it: opening a named pipe
/// never blocks. An existing file that others may read is made 0600. Safe from any thread.
namespace kvs {

/// How appendPrivateFile() writes.
struct PrivateAppendOptions
{
    /// fdatasync(2) the file after the write (the audit log: a line on disk before the action).
    bool sync = false;
    /// When > 0: once the file is larger than this many bytes after the write, it is renamed to
    /// PATH.1 (replacing an older PATH.1) and the next write starts a new file, so it stays
    /// bounded (the SQL history).
    std::int64_t rotateAboveBytes = 0;
};

/// Appends bytes to the file at path in one write (lines of two writers never interleave),
/// creating its folder (0700) and the file (0600) when missing. A write cut short (a full disk)
/// is ended with a newline, so the next line starts on its own. Throws Error "kvs: cannot write
/// WHAT PATH: REASON" (what names the file for the user: "the audit log"), REASON being the
/// system's ("No space left on device", "Is a directory", "Permission denied"), "it is a
/// symbolic link (not followed)", "it is not a regular file" or "cannot create its folder".
void appendPrivateFile(const std::string &path,
                       std::string_view bytes,
                       std::string_view what,
                       const PrivateAppendOptions &options = {});

/// What appendPrivateFile() checks before it writes, without writing: the folder and the file
/// are created when missing, the file made 0600. Throws the same Error. A full disk is found
/// only by a write.
void checkPrivateFileAppendable(const std::string &path, std::string_view what);

/// At most maxBytes from the end of the file at path (all of it when smaller), "" when there is
/// no file. A cut first line is left out. Throws Error "kvs: cannot read WHAT PATH: REASON"
/// for anything but a regular file (never waiting on a named pipe) and for a read error.
[[nodiscard]] std::string
readPrivateFileTail(const std::string &path, std::int64_t maxBytes, std::string_view what);

} // namespace kvs
