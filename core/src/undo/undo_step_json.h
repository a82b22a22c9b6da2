#pragma once

#include <kvs/undo_journal.h>

#include <optional>
#include <string>

// The lines of the undo journal's file: {"event": "push", "stack": "undo"|"redo", "step": {...}},
// {"event": "pop", "stack": ..., "id": ...} and {"event": "clear", "stack": "redo"}. Keys and
// values are lower-case hex.
namespace kvs::detail {

enum class UndoStack { Undo, Redo };

struct UndoJournalLine
{
    enum class Event { Push, Pop, Clear };
    Event event = Event::Push;
    UndoStack stack = UndoStack::Undo;
    UndoStep step;  // Push
    std::string id; // Pop
};

std::string pushLine(UndoStack stack, const UndoStep &step);
std::string popLine(UndoStack stack, const std::string &id);
std::string clearLine(UndoStack stack);

// The line's event; nullopt for a line that is not one (cut short by a crash, or foreign).
std::optional<UndoJournalLine> parseUndoJournalLine(std::string_view line);

} // namespace kvs::detail
