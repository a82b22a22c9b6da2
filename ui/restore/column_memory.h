#pragma once

#include <QHash>
#include <QObject>

class QHeaderView;

namespace kvs::ui {

// Remembers the width of each table or tree column the user resized (a drag or a double click
// on the header's divider), per view, in the settings (group "layout/columns"), and gives it
// back to that column in the tabs opened later. Widths the views set themselves (fitting the
// contents) are never remembered, so a column the user never touched keeps fitting what it
// shows. Thread rule: GUI thread only.
class ColumnMemory : public QObject
{
    Q_OBJECT

public:
    // Follows the horizontal headers inside view (its child from now on) and applies the widths
    // remembered for them.
    explicit ColumnMemory(QWidget *view);

    // The settings key of header's column inside view.
    static QString settingsKey(const QHeaderView &header, const QWidget &view, int column);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void remember(QHeaderView *header, int column, int width);

    QWidget *m_view;                         // Not owned (the parent).
    QHash<QObject *, QHeaderView *> m_ports; // a header's viewport -> the header
    QHeaderView *m_pressed = nullptr;        // the header the user is dragging on
};

} // namespace kvs::ui
