#pragma once

#include "database_summary.h"

#include <QWidget>

class QFormLayout;
class QLabel;

namespace kvs::ui {

// The placeholder central pane of the main window: shows a database's path, schema version and
// live entry count, "Loading…" while a DatabaseSummaryLoader reads them, or why the database
// could not be opened (a translated sentence, with the core's message as detail). It only
// displays what it is given; it never touches the store. Thread rule: GUI thread only.
class DatabaseSummaryWidget : public QWidget
{
    Q_OBJECT

public:
    explicit DatabaseSummaryWidget(QWidget *parent = nullptr);

    void showLoading(const QString &path);
    void showSummary(const kvs::ui::DatabaseSummary &summary);
    void showError(const kvs::ui::DatabaseLoadError &error);

private:
    void showPath(const QString &path);
    void setSummaryRowsVisible(bool visible);

    QFormLayout *m_form;       // Owned (this widget's layout).
    QLabel *m_heading;         // Owned (child).
    QLabel *m_pathValue;       // Owned (child).
    QLabel *m_schemaValue;     // Owned (child).
    QLabel *m_entryCountValue; // Owned (child).
    QWidget *m_errorPanel;     // Owned (child).
    QLabel *m_errorTitle;      // Owned (child of m_errorPanel).
    QLabel *m_errorText;       // Owned (child of m_errorPanel).
    QLabel *m_errorDetail;     // Owned (child of m_errorPanel).
};

} // namespace kvs::ui
