#pragma once

#include <QJsonObject>
#include <QWidget>

class QLabel;
class QTableWidget;
class QTabWidget;

namespace kvs::ui {

// The tables of a key-space report: the totals in a line, the children of the node the treemap
// shows (entries, bytes, share), the largest entries, the value kinds and the expiry groups.
// A double click on a child or an entry asks to open its key in the key tree. Thread rule: GUI
// thread only.
class AnalysisTables : public QWidget
{
    Q_OBJECT

public:
    explicit AnalysisTables(QWidget *parent = nullptr);

    void setReport(const QJsonObject &report);
    // The node whose children the first table lists (a node of the report's tree).
    void setNode(const QJsonObject &node);

    QLabel *totals() const { return m_totals; }
    QTableWidget *children() const { return m_children; }
    QTableWidget *largest() const { return m_largest; }
    QTableWidget *kinds() const { return m_kinds; }
    QTableWidget *expiry() const { return m_expiry; }

signals:
    void treeRequested(const QString &keyLiteral);

private:
    QTableWidget *table(const QString &name, const QStringList &headers);

    QLabel *m_totals;         // Owned.
    QTabWidget *m_tabs;       // Owned.
    QTableWidget *m_children; // Owned (in m_tabs).
    QTableWidget *m_largest;  // Owned (in m_tabs).
    QTableWidget *m_kinds;    // Owned (in m_tabs).
    QTableWidget *m_expiry;   // Owned (in m_tabs).
};

} // namespace kvs::ui
