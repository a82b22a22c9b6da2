#include "preferences/standard_preference_pages.h"

#include "preferences/language_page.h"
#include "preferences/number_fields_page.h"
#include "preferences/preference_keys.h"
#include "preferences/preferences_registry.h"
#include "preferences/undo_page.h"

#include <QCoreApplication>

namespace kvs::ui {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(PreferencePages)
};

PreferencesPage *keyTreePage(QWidget *parent)
{
    return new NumberFieldsPage(
        Tr::tr("Key tree"),
        {{prefs::kTreePageSize,
          Tr::tr("Children read per page:"),
          QString(),
          Tr::tr("How many children of a node the tree reads at a time; more are read as you "
                 "scroll. Applies to tabs opened from now on."),
          prefs::kTreePageSizeDefault,
          prefs::kTreePageSizeMin,
          prefs::kTreePageSizeMax}},
        parent);
}

PreferencesPage *searchPage(QWidget *parent)
{
    return new NumberFieldsPage(
        Tr::tr("Search"),
        {{prefs::kSearchMaxResults,
          Tr::tr("Results listed at most:"),
          QString(),
          Tr::tr("A search of keys or values stops once it has found this many, and says so."),
          prefs::kSearchMaxResultsDefault,
          prefs::kSearchMaxResultsMin,
          prefs::kSearchMaxResultsMax}},
        parent);
}

PreferencesPage *analysisPage(QWidget *parent)
{
    return new NumberFieldsPage(
        Tr::tr("Analysis"),
        {{prefs::kAnalysisBudgetSeconds,
          Tr::tr("Stop an analysis after:"),
          Tr::tr(" s"),
          Tr::tr("An analysis of the key space reads every row once; it stops after this long "
                 "with a partial report, which is shown but not saved."),
          prefs::kAnalysisBudgetSecondsDefault,
          prefs::kAnalysisBudgetSecondsMin,
          prefs::kAnalysisBudgetSecondsMax}},
        parent);
}

PreferencesPage *queuesPage(QWidget *parent)
{
    return new NumberFieldsPage(
        Tr::tr("Queues"),
        {{prefs::kQueuesPollSeconds,
          Tr::tr("PostgreSQL poll interval:"),
          Tr::tr(" s"),
          Tr::tr("How often the Queues view reads the overview of a PostgreSQL database (a "
                 "SQLite file says itself when it changed). Applies to tabs opened from now "
                 "on."),
          prefs::kQueuesPollSecondsDefault,
          1,
          3600},
         {prefs::kQueuesNoConsumerSeconds,
          Tr::tr("Warn of no consumer after:"),
          Tr::tr(" s"),
          Tr::tr("A topic whose oldest due message waits longer than this is marked \"no "
                 "consumer?\" in the Queues view."),
          prefs::kQueuesNoConsumerSecondsDefault,
          1,
          7 * 24 * 3600},
         {prefs::kQueuesLeaseWindowSeconds,
          Tr::tr("Warn of leases expiring within:"),
          Tr::tr(" s"),
          Tr::tr("A topic with a message whose lease ends within this time is marked in the "
                 "Queues view: its consumer is slow or stuck, and the message will be delivered "
                 "again. Applies to tabs opened from now on."),
          prefs::kQueuesLeaseWindowSecondsDefault,
          1,
          24 * 3600}},
        parent);
}

PreferencesPage *consolePage(QWidget *parent)
{
    return new NumberFieldsPage(
        Tr::tr("SQL console"),
        {{prefs::kConsoleIdleCloseSeconds,
          Tr::tr("Close an idle result after:"),
          Tr::tr(" s"),
          Tr::tr("A result with more rows than one page keeps its read-only transaction open, "
                 "which holds the database's snapshot (PostgreSQL cannot vacuum, SQLite cannot "
                 "checkpoint). It is closed once no further page was read for this long; the "
                 "rows read stay in the grid."),
          prefs::kConsoleIdleCloseSecondsDefault,
          prefs::kConsoleIdleCloseSecondsMin,
          prefs::kConsoleIdleCloseSecondsMax}},
        parent);
}

PreferencesPage *productionPage(QWidget *parent)
{
    return new NumberFieldsPage(
        Tr::tr("Production"),
        {{prefs::kProductionWriteMinutes,
          Tr::tr("End writes after:"),
          Tr::tr(" min without a write"),
          Tr::tr("On a production tab, \"Allow writes\" ends by itself after this long without "
                 "a write (the time does not count while a job of the tab runs)."),
          prefs::kProductionWriteMinutesDefault,
          prefs::kProductionWriteMinutesMin,
          prefs::kProductionWriteMinutesMax}},
        parent);
}

} // namespace

void registerStandardPreferencePages()
{
    PreferencesRegistry::add(0, [](QWidget *parent) { return new LanguagePage(parent); });
    PreferencesRegistry::add(100, keyTreePage);
    PreferencesRegistry::add(200, searchPage);
    PreferencesRegistry::add(250, analysisPage);
    PreferencesRegistry::add(300, queuesPage);
    PreferencesRegistry::add(400, consolePage);
    PreferencesRegistry::add(500, productionPage);
    PreferencesRegistry::add(600, [](QWidget *parent) { return new UndoPage(parent); });
}

} // namespace kvs::ui
