#pragma once

#include <QJsonObject>
#include <QWidget>

#include <vector>

class QLabel;
class QPushButton;
class QVBoxLayout;

namespace kvs::ui {

// The findings of a key-space report (kvs/key_space_findings.h), each as a translated heading,
// the engine's sentence and a link to act on it: the key tree at the prefix concerned, a value
// search for the entries concerned (large values), or the view that maintains the database (a
// signal: expired entries, dead letters, free pages, the WAL). Thread rule: GUI thread only.
class FindingsPanel : public QWidget
{
    Q_OBJECT

public:
    // The value search a "large-values" finding links to: values of 1 MiB or more.
    static QString largeValuesCondition();

    explicit FindingsPanel(QWidget *parent = nullptr);

    void setReport(const QJsonObject &report);
    // The rules of the findings shown, in order.
    QStringList rules() const { return m_rules; }
    // The link of finding index (nullptr when it has none).
    QPushButton *linkOf(int index) const;
    // The translated heading of a rule.
    static QString headingOf(const QString &rule);

signals:
    // Open the key tree at the key literal.
    void treeRequested(const QString &keyLiteral);
    // A value search under the prefix literal for condition (the condition language).
    void valueSearchRequested(const QString &prefixLiteral, const QString &condition);
    // What a Maintenance view does about the finding's rule ("expired-not-cleaned",
    // "old-dead-letters", "free-pages", "wal-larger-than-database"); topic for dead letters.
    void maintenanceRequested(const QString &rule, const QString &topic);

private:
    void clear();
    QPushButton *linkFor(const QString &rule, const QString &text, const QJsonObject &report);

    QVBoxLayout *m_list; // Owned by this.
    QLabel *m_none;      // Owned.
    QStringList m_rules;
    std::vector<QPushButton *> m_links; // Owned (children); nullptr where there is none.
};

} // namespace kvs::ui
