#include "undo/undo_step_json.h"

#include <kvs/data_folder.h>
#include <kvs/private_file.h>
#include <kvs/undo_journal.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string_view>

namespace kvs {

namespace {

using detail::UndoJournalLine;
using detail::UndoStack;

constexpr const char *kWhat = "the undo journal";

// FNV-1a, 64 bits: the same name gives the same file in every build and on every machine.
std::string hashOf(const std::string &text)
{
    std::uint64_t hash = 1469598103934665603ULL;
    for (unsigned char c : text) {
        hash ^= c;
        hash *= 1099511628211ULL;
    }
    char buffer[17];
    std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(hash));
    return buffer;
}

void removeId(std::vector<UndoStep> &stack, const std::string &id)
{
    stack.erase(std::remove_if(stack.begin(),
                               stack.end(),
                               [&](const UndoStep &step) { return step.id == id; }),
                stack.end());
}

std::int64_t numericId(const std::string &id)
{
    try {
        return std::stoll(id);
    } catch (...) {
        return 0;
    }
}

} // namespace

std::string undoDataFolder()
{
    if (const char *folder = std::getenv("KVS_UNDO_DIR"); folder && *folder)
        return folder;
    return dataFolderPath();
}

std::string undoJournalPath(const std::string &databaseName)
{
    return undoDataFolder() + "/undo/" + hashOf(databaseName) + ".jsonl";
}

UndoJournal::UndoJournal(std::string path, UndoJournalBounds bounds, std::shared_ptr<Clock> clock)
    : m_path(std::move(path))
    , m_bounds(bounds)
    , m_clock(clock ? std::move(clock) : systemClock())
{
    const std::string text
        = readPrivateFileTail(m_path, std::numeric_limits<std::int64_t>::max(), kWhat);
    m_bytes = std::int64_t(text.size());
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos)
            end = text.size();
        const std::optional<UndoJournalLine> line
            = detail::parseUndoJournalLine(std::string_view(text).substr(start, end - start));
        start = end + 1;
        if (!line)
            continue;
        std::vector<UndoStep> &stack = line->stack == UndoStack::Undo ? m_undo : m_redo;
        switch (line->event) {
        case UndoJournalLine::Event::Push:
            m_nextId = std::max(m_nextId, numericId(line->step.id) + 1);
            stack.push_back(line->step);
            break;
        case UndoJournalLine::Event::Pop:
            removeId(stack, line->id);
            break;
        case UndoJournalLine::Event::Clear:
            stack.clear();
            break;
        }
    }
    std::lock_guard lock(m_mutex);
    // A last line cut short (a crash mid-write) would swallow the next line appended to it.
    const bool cutShort = !text.empty() && text.back() != '\n';
    if (dropOld() || m_bytes > m_bounds.maxBytes || cutShort)
        rewrite();
}

std::optional<UndoStep>
UndoJournal::add(UndoEntryKind kind, UndoStep step, const std::string &ofStep)
{
    std::optional<UndoStep> kept;
    {
        std::lock_guard lock(m_mutex);
        kept = addLocked(kind, std::move(step), ofStep);
    }
    if (kept)
        notify();
    return kept;
}

std::optional<UndoStep>
UndoJournal::addPartial(UndoEntryKind kind, UndoStep done, UndoStep rest, const std::string &ofStep)
{
    {
        std::lock_guard lock(m_mutex);
        const UndoStack from = kind == UndoEntryKind::Redo ? UndoStack::Redo : UndoStack::Undo;
        const UndoStack to = from == UndoStack::Undo ? UndoStack::Redo : UndoStack::Undo;
        std::vector<UndoStep> &fromSteps = from == UndoStack::Undo ? m_undo : m_redo;
        std::vector<UndoStep> &toSteps = to == UndoStack::Undo ? m_undo : m_redo;
        rest.id = std::to_string(m_nextId++); // rest keeps its step's time (and age)
        done.id = std::to_string(m_nextId++);
        done.time = m_clock->now();
        // One write: a crash leaves the journal before the revert or after it.
        appendLine(detail::popLine(from, ofStep) + detail::pushLine(from, rest)
                   + detail::pushLine(to, done));
        removeId(fromSteps, ofStep);
        fromSteps.push_back(std::move(rest));
        toSteps.push_back(done);
        if (dropOld() || m_bytes > m_bounds.maxBytes)
            rewrite();
    }
    notify();
    return done;
}

void UndoJournal::drop(const std::string &id)
{
    {
        std::lock_guard lock(m_mutex);
        dropLocked(id);
    }
    notify();
}

std::shared_ptr<void> UndoJournal::subscribe(std::function<void()> onChange)
{
    auto listener = std::make_shared<std::function<void()>>(std::move(onChange));
    std::lock_guard lock(m_listenersMutex);
    m_listeners.push_back(listener);
    return listener;
}

void UndoJournal::notify()
{
    std::vector<std::shared_ptr<std::function<void()>>> listeners;
    {
        std::lock_guard lock(m_listenersMutex);
        std::erase_if(m_listeners, [](const auto &weak) { return weak.expired(); });
        for (const auto &weak : m_listeners) {
            if (auto listener = weak.lock())
                listeners.push_back(std::move(listener));
        }
    }
    for (const auto &listener : listeners)
        (*listener)();
}

std::optional<UndoStep>
UndoJournal::addLocked(UndoEntryKind kind, UndoStep step, const std::string &ofStep)
{
    if (step.changes.empty())
        return std::nullopt;
    step.id = std::to_string(m_nextId++);
    step.time = m_clock->now();
    const UndoStack target = kind == UndoEntryKind::Undo ? UndoStack::Redo : UndoStack::Undo;
    const std::string push = detail::pushLine(target, step);
    if (std::int64_t(push.size()) > m_bounds.maxBytes)
        return std::nullopt; // it alone would break the bound: not kept, and nothing forgotten
    std::string lines;
    switch (kind) {
    case UndoEntryKind::Step:
        if (!m_redo.empty())
            lines += detail::clearLine(UndoStack::Redo);
        break;
    case UndoEntryKind::Undo:
        lines += detail::popLine(UndoStack::Undo, ofStep);
        break;
    case UndoEntryKind::Redo:
        lines += detail::popLine(UndoStack::Redo, ofStep);
        break;
    }
    lines += push;
    appendLine(lines);
    switch (kind) {
    case UndoEntryKind::Step:
        m_redo.clear();
        break;
    case UndoEntryKind::Undo:
        removeId(m_undo, ofStep);
        break;
    case UndoEntryKind::Redo:
        removeId(m_redo, ofStep);
        break;
    }
    (target == UndoStack::Undo ? m_undo : m_redo).push_back(step);
    if (dropOld() || m_bytes > m_bounds.maxBytes)
        rewrite();
    return step;
}

void UndoJournal::dropLocked(const std::string &id)
{
    for (UndoStack stack : {UndoStack::Undo, UndoStack::Redo}) {
        std::vector<UndoStep> &steps = stack == UndoStack::Undo ? m_undo : m_redo;
        const auto it = std::find_if(
            steps.begin(), steps.end(), [&](const UndoStep &step) { return step.id == id; });
        if (it != steps.end()) {
            appendLine(detail::popLine(stack, id));
            steps.erase(it);
        }
    }
}

std::optional<UndoStep> UndoJournal::nextUndo() const
{
    std::lock_guard lock(m_mutex);
    if (m_undo.empty())
        return std::nullopt;
    return m_undo.back();
}

std::optional<UndoStep> UndoJournal::nextRedo() const
{
    std::lock_guard lock(m_mutex);
    if (m_redo.empty())
        return std::nullopt;
    return m_redo.back();
}

std::size_t UndoJournal::undoCount() const
{
    std::lock_guard lock(m_mutex);
    return m_undo.size();
}

std::size_t UndoJournal::redoCount() const
{
    std::lock_guard lock(m_mutex);
    return m_redo.size();
}

std::int64_t UndoJournal::fileBytes() const
{
    std::lock_guard lock(m_mutex);
    return m_bytes;
}

void UndoJournal::appendLine(const std::string &line)
{
    appendPrivateFile(m_path, line, kWhat, PrivateAppendOptions{true, 0});
    m_bytes += std::int64_t(line.size());
}

bool UndoJournal::dropOld()
{
    const std::int64_t oldest = m_clock->now() - m_bounds.maxAgeMs;
    const auto tooOld = [oldest](const UndoStep &step) {
        return step.time < oldest;
    };
    const std::size_t before = m_undo.size() + m_redo.size();
    std::erase_if(m_undo, tooOld);
    std::erase_if(m_redo, tooOld);
    return m_undo.size() + m_redo.size() != before;
}

// Writes the stacks alone (the file's events folded), the oldest steps left out until the file
// fits its size bound; a new file then replaces the old one by rename, so a crash leaves either.
void UndoJournal::rewrite()
{
    std::vector<std::string> undoLines;
    std::vector<std::string> redoLines;
    std::int64_t total = 0;
    for (const UndoStep &step : m_undo) {
        undoLines.push_back(detail::pushLine(UndoStack::Undo, step));
        total += std::int64_t(undoLines.back().size());
    }
    for (const UndoStep &step : m_redo) {
        redoLines.push_back(detail::pushLine(UndoStack::Redo, step));
        total += std::int64_t(redoLines.back().size());
    }
    std::size_t firstUndo = 0;
    std::size_t firstRedo = 0;
    while (total > m_bounds.maxBytes) {
        // The older of the two stacks' oldest steps goes first.
        const bool undoLeft = firstUndo < m_undo.size();
        const bool redoLeft = firstRedo < m_redo.size();
        if (undoLeft && (!redoLeft || m_undo[firstUndo].time <= m_redo[firstRedo].time)) {
            total -= std::int64_t(undoLines[firstUndo++].size());
        } else if (redoLeft) {
            total -= std::int64_t(redoLines[firstRedo++].size());
        } else {
            break;
        }
    }
    m_undo.erase(m_undo.begin(), m_undo.begin() + std::ptrdiff_t(firstUndo));
    m_redo.erase(m_redo.begin(), m_redo.begin() + std::ptrdiff_t(firstRedo));
    std::string text;
    for (std::size_t i = firstUndo; i < undoLines.size(); ++i)
        text += undoLines[i];
    for (std::size_t i = firstRedo; i < redoLines.size(); ++i)
        text += redoLines[i];
    const std::string fresh = m_path + ".new";
    std::remove(fresh.c_str());
    if (!text.empty())
        appendPrivateFile(fresh, text, kWhat, PrivateAppendOptions{true, 0});
    if (text.empty()) {
        std::remove(m_path.c_str());
    } else if (std::rename(fresh.c_str(), m_path.c_str()) != 0) {
        std::remove(fresh.c_str());
        throw Error("kvs: cannot write the undo journal " + m_path + ": cannot replace it");
    }
    m_bytes = std::int64_t(text.size());
}

} // namespace kvs
