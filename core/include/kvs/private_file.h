#pragma once

#include <string>
#include <string_view>

/// Files of the user's own that others must not read (the audit log, the SQL console's
/// history): created with mode 0600 by open(2) itself, in a folder created 0700. Safe from any
/// thread.
namespace kvs {

/// Appends bytes to the file at path in one write (lines of two writers never interleave),
/// creating its folder (0700) and the file (0600) when missing. Throws Error "kvs: cannot write
/// WHAT PATH: REASON" (what names the file for the user: "the audit log").
void appendPrivateFile(const std::string &path, std::string_view bytes, std::string_view what);

} // namespace kvs
