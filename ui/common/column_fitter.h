#pragma once

#include <QHash>
#include <QObject>
#include <QSet>

class QTableView;
class QTimer;

namespace kvs::ui {

// Keeps a table's columns as wide as what they show (the header's text and the rows the view
// shows, up to a column's cap), and gives the width left over to the columns named to take it:
// no last column stretched over the useful ones, no value cut to "1…" beside an empty one. A
// column the user resized keeps the user's width. Refits after rows come or change (at most
// every kDelayMs) and when the view is resized. Thread rule: GUI thread only.
class ColumnFitter : public QObject
{
    Q_OBJECT

public:
    static constexpr int kDelayMs = 100;
    // Rows measured per fit (the view's shown rows first): a 10,000-row history costs no more.
    static constexpr int kRowsMeasured = 200;

    // Fits view's columns (it becomes this object's parent); the view's header stops stretching
    // its last section.
    explicit ColumnFitter(QTableView *view);

    // column is at most pixels wide (a long value: its tooltip or a detail pane has it whole).
    void setMaximumWidth(int column, int pixels);
    // column shares the width left over with the other columns set so.
    void setTakesRest(int column);
    // Fits now (a refit is otherwise scheduled by what changes).
    void fitNow();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void schedule();

    QTableView *m_view;     // Not owned (the parent).
    QTimer *m_timer;        // Owned (child).
    QHash<int, int> m_caps; // column -> most pixels
    QSet<int> m_takesRest;  // columns that share what is left
    QSet<int> m_userSized;  // columns the user resized
    bool m_fitting = false; // our own resizes, not the user's
};

} // namespace kvs::ui
