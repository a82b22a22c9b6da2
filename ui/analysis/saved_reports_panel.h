#pragma once

#include <kvs/key_space_json.h>
#include <kvs/saved_key_space_reports.h>

#include <QWidget>

#include <vector>

class QLabel;
class QTableWidget;

namespace kvs::ui {

class AnalysisController;

// The database's saved key-space reports (every complete analysis of the view, and those of
// `kvs analyze --save`), newest first. Selecting two compares them, as the Benchmark view
// compares runs: the growth per prefix (entries and bytes, earlier and later), sorted by the
// change, and the prefixes that appeared or vanished. A double click on a compared prefix asks
// to open it in the key tree. Thread rule: GUI thread only.
class SavedReportsPanel : public QWidget
{
    Q_OBJECT

public:
    // Requires: controller outlives this.
    explicit SavedReportsPanel(AnalysisController *controller, QWidget *parent = nullptr);

    QTableWidget *reports() const { return m_reports; }
    QTableWidget *changes() const { return m_changes; }
    QLabel *summary() const { return m_summary; }
    const std::vector<SavedKeySpaceReport> &saved() const { return m_saved; }
    // Selects the rows of the reports with these ids (comparing them when there are two).
    void selectReports(const std::vector<std::int64_t> &ids);
    // How many rows an analysis of prefix read last time (the newest saved report of that
    // prefix), for the running analysis's estimate.
    std::optional<std::int64_t> lastRowsRead(const QString &prefixLiteral) const;

signals:
    void treeRequested(const QString &keyLiteral);
    // A report was chosen to be shown in the other tabs (a double click on it).
    void reportChosen(const QJsonObject &report);

private:
    void onListed(const std::vector<SavedKeySpaceReport> &reports, const QString &error);
    void onSelection();
    void onCompared(const std::vector<KeySpaceChange> &changes, const QString &error);

    AnalysisController *m_controller;         // Not owned.
    QTableWidget *m_reports;                  // Owned.
    QLabel *m_summary;                        // Owned.
    QTableWidget *m_changes;                  // Owned.
    std::vector<SavedKeySpaceReport> m_saved; // in the order saved
    std::pair<std::int64_t, std::int64_t> m_comparing{0, 0};
};

} // namespace kvs::ui
