#include "preferences/preference_keys.h"

#include <QSettings>

#include <algorithm>

namespace kvs::ui::prefs {

int intSetting(const QSettings &settings, const QString &key, int fallback, int min, int max)
{
    bool ok = false;
    const int value = settings.value(key).toInt(&ok);
    return ok ? std::clamp(value, min, max) : fallback;
}

int treePageSize(const QSettings &settings)
{
    return intSetting(
        settings, kTreePageSize, kTreePageSizeDefault, kTreePageSizeMin, kTreePageSizeMax);
}

int queuesPollSeconds(const QSettings &settings)
{
    return intSetting(settings, kQueuesPollSeconds, kQueuesPollSecondsDefault, 1, 3600);
}

int queuesNoConsumerSeconds(const QSettings &settings)
{
    return intSetting(
        settings, kQueuesNoConsumerSeconds, kQueuesNoConsumerSecondsDefault, 1, 7 * 24 * 3600);
}

int queuesLeaseWindowSeconds(const QSettings &settings)
{
    return intSetting(
        settings, kQueuesLeaseWindowSeconds, kQueuesLeaseWindowSecondsDefault, 1, 24 * 3600);
}

int searchMaxResults(const QSettings &settings)
{
    return intSetting(settings,
                      kSearchMaxResults,
                      kSearchMaxResultsDefault,
                      kSearchMaxResultsMin,
                      kSearchMaxResultsMax);
}

int analysisBudgetSeconds(const QSettings &settings)
{
    return intSetting(settings,
                      kAnalysisBudgetSeconds,
                      kAnalysisBudgetSecondsDefault,
                      kAnalysisBudgetSecondsMin,
                      kAnalysisBudgetSecondsMax);
}

int consoleIdleCloseSeconds(const QSettings &settings)
{
    return intSetting(settings,
                      kConsoleIdleCloseSeconds,
                      kConsoleIdleCloseSecondsDefault,
                      kConsoleIdleCloseSecondsMin,
                      kConsoleIdleCloseSecondsMax);
}

int productionWriteMinutes(const QSettings &settings)
{
    return intSetting(settings,
                      kProductionWriteMinutes,
                      kProductionWriteMinutesDefault,
                      kProductionWriteMinutesMin,
                      kProductionWriteMinutesMax);
}

bool undoJournalEnabled(const QSettings &settings)
{
    return settings.value(kUndoJournalEnabled, kUndoJournalEnabledDefault).toBool();
}

int undoJournalMegabytes(const QSettings &settings)
{
    return intSetting(settings,
                      kUndoJournalMegabytes,
                      kUndoJournalMegabytesDefault,
                      kUndoJournalMegabytesMin,
                      kUndoJournalMegabytesMax);
}

int undoJournalDays(const QSettings &settings)
{
    return intSetting(settings,
                      kUndoJournalDays,
                      kUndoJournalDaysDefault,
                      kUndoJournalDaysMin,
                      kUndoJournalDaysMax);
}

} // namespace kvs::ui::prefs
