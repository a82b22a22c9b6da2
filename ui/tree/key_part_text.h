#pragma once

#include <kvs/key_tree.h>

#include <QIcon>
#include <QString>

// How the key tree shows one key part: its text (strings as they are, numbers as JavaScript
// writes them, bigints with "n", bytes as hex, booleans), its type name, and a small type badge.
namespace kvs::ui {

enum class KeyPartKind { String, Number, BigInt, Bytes, Boolean, Raw };

[[nodiscard]] KeyPartKind kindOf(const KeyChild &child);
// The part's text; a raw (undecodable) child shows its whole key as hex. Control characters of
// strings are escaped as in the literal syntax, so a row is always one line.
[[nodiscard]] QString partText(const KeyChild &child);
// "string", "number", "bigint", "bytes", "boolean", "undecodable".
[[nodiscard]] QString kindName(KeyPartKind kind);
// A 16 px badge with the kind's letter and colour, made once per kind. GUI thread only.
[[nodiscard]] QIcon kindIcon(KeyPartKind kind);

} // namespace kvs::ui
