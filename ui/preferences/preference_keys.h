#pragma once

#include <QString>

class QSettings;

namespace kvs::ui {

// The settings the Preferences dialog edits: their QSettings keys, defaults and ranges, and
// readers that clamp what a hand-edited file holds into the range. Thread rule: the thread that
// owns the QSettings.
namespace prefs {

// The key tree: children read per page (listChildren's limit).
inline const QString kTreePageSize = QStringLiteral("tree/pageSize");
inline constexpr int kTreePageSizeDefault = 1000;
inline constexpr int kTreePageSizeMin = 50;
inline constexpr int kTreePageSizeMax = 10000;

// The key tree: the columns the header menu hid, as KeyTreeColumns names them, comma-separated
// (missing: the default, only the key part's type hidden).
inline const QString kTreeHiddenColumns = QStringLiteral("tree/hiddenColumns");

// The Queues view: the overview's poll on PostgreSQL, and how long a topic may go without a
// consumer before the view warns (the Queues view's own field uses the same key).
inline const QString kQueuesPollSeconds = QStringLiteral("queues/pollIntervalSeconds");
inline constexpr int kQueuesPollSecondsDefault = 2;
inline const QString kQueuesNoConsumerSeconds = QStringLiteral("queues/noConsumerSeconds");
inline constexpr int kQueuesNoConsumerSecondsDefault = 30;
// The Queues view warns of leases that end within this many seconds; the default is the
// view's own (QueuesController::kDefaultLeaseWindowMs), where the reason is given.
inline const QString kQueuesLeaseWindowSeconds = QStringLiteral("queues/leaseWindowSeconds");
inline constexpr int kQueuesLeaseWindowSecondsDefault = 10;

// The key and value searches: results kept at most (a search stops there and says so).
inline const QString kSearchMaxResults = QStringLiteral("search/maxResults");
inline constexpr int kSearchMaxResultsDefault = 10000;
inline constexpr int kSearchMaxResultsMin = 100;
inline constexpr int kSearchMaxResultsMax = 100000;

// The Analysis view: an analysis stops after this many seconds with a partial report (as
// `kvs analyze --budget`).
inline const QString kAnalysisBudgetSeconds = QStringLiteral("analysis/budgetSeconds");
inline constexpr int kAnalysisBudgetSecondsDefault = 600;
inline constexpr int kAnalysisBudgetSecondsMin = 1;
inline constexpr int kAnalysisBudgetSecondsMax = 24 * 3600;

// The SQL console: an open result closes after this long without a page read (its read-only
// transaction holds the database's snapshot while it stays open).
inline const QString kConsoleIdleCloseSeconds = QStringLiteral("console/idleCloseSeconds");
inline constexpr int kConsoleIdleCloseSecondsDefault = 60;
inline constexpr int kConsoleIdleCloseSecondsMin = 5;
inline constexpr int kConsoleIdleCloseSecondsMax = 3600;

// A production tab: writes end by themselves after this many minutes without a write (issue 35).
inline const QString kProductionWriteMinutes = QStringLiteral("production/writeTimeoutMinutes");
inline constexpr int kProductionWriteMinutesDefault = 15;
inline constexpr int kProductionWriteMinutesMin = 1;
inline constexpr int kProductionWriteMinutesMax = 24 * 60;

// The undo journal (issue 42): on or off, and its bounds per database (kvs/undo_journal.h).
inline const QString kUndoJournalEnabled = QStringLiteral("undo/journalEnabled");
inline constexpr bool kUndoJournalEnabledDefault = true;
inline const QString kUndoJournalMegabytes = QStringLiteral("undo/maxMegabytes");
inline constexpr int kUndoJournalMegabytesDefault = 100;
inline constexpr int kUndoJournalMegabytesMin = 1;
inline constexpr int kUndoJournalMegabytesMax = 100000;
inline const QString kUndoJournalDays = QStringLiteral("undo/maxDays");
inline constexpr int kUndoJournalDaysDefault = 7;
inline constexpr int kUndoJournalDaysMin = 1;
inline constexpr int kUndoJournalDaysMax = 365;

// The value stored at key, clamped into [min, max]; fallback when it is missing or no integer.
[[nodiscard]] int
intSetting(const QSettings &settings, const QString &key, int fallback, int min, int max);

[[nodiscard]] int treePageSize(const QSettings &settings);
[[nodiscard]] int queuesPollSeconds(const QSettings &settings);
[[nodiscard]] int queuesNoConsumerSeconds(const QSettings &settings);
[[nodiscard]] int queuesLeaseWindowSeconds(const QSettings &settings);
[[nodiscard]] int searchMaxResults(const QSettings &settings);
[[nodiscard]] int analysisBudgetSeconds(const QSettings &settings);
[[nodiscard]] int consoleIdleCloseSeconds(const QSettings &settings);
[[nodiscard]] int productionWriteMinutes(const QSettings &settings);
[[nodiscard]] bool undoJournalEnabled(const QSettings &settings);
[[nodiscard]] int undoJournalMegabytes(const QSettings &settings);
[[nodiscard]] int undoJournalDays(const QSettings &settings);

} // namespace prefs

} // namespace kvs::ui
