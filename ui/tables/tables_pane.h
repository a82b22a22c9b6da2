#pragma once

#include "rawsql/raw_sql_target.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QScrollBar;
class QTableView;

namespace kvs::ui {

class RowWindowBar;
class TablesController;

// The Tables view: the database's kvs tables as stored (kv, queue, meta, the versionstamp
// counter), read-only, paged by keyset, BLOBs in hex with the decoded key or value beside them.
// It connects on its first showing, not when the database opens. Ctrl+C copies the selected
// cells. Thread rule: GUI thread only.
class TablesPane : public QWidget
{
    Q_OBJECT

public:
    explicit TablesPane(QWidget *parent = nullptr);
    ~TablesPane() override;

    // The database to show (read when the pane is first shown, or at once when shown).
    void setTarget(const rawsql::RawSqlTarget &target);
    TablesController *controller() const { return m_controller; }
    QTableView *view() const { return m_view; }
    // The vertical scroll bar over every row (the view holds a window of them).
    QScrollBar *rowScrollBar() const;
    QComboBox *tableChoice() const { return m_tables; }
    QString statusText() const;

protected:
    void showEvent(QShowEvent *event) override;

private:
    void onTablesChanged();

    TablesController *m_controller; // Owned (child).
    QComboBox *m_tables;            // Owned.
    QLabel *m_status;               // Owned.
    QTableView *m_view;             // Owned.
    RowWindowBar *m_rowBar;         // Owned.
    rawsql::RawSqlTarget m_target;
    bool m_targetPending = false;
};

} // namespace kvs::ui
