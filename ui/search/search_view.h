#pragma once

#include <QWidget>

class QTabWidget;

namespace kvs::ui {

class KeySearchPane;
class ValueSearchPane;

// The Search view of a database tab: key search and value search side by side, as two modes
// (tabs "Keys" and "Values") of one view. Thread rule: GUI thread only.
class SearchView : public QWidget
{
    Q_OBJECT

public:
    explicit SearchView(QWidget *parent = nullptr);

    KeySearchPane *keys() const { return m_keys; }
    ValueSearchPane *values() const { return m_values; }
    QTabWidget *modes() const { return m_modes; }
    // Shows the values mode (true) or the keys mode.
    void showValues(bool values);
    bool showsValues() const;

private:
    QTabWidget *m_modes;       // Owned.
    KeySearchPane *m_keys;     // Owned (by m_modes).
    ValueSearchPane *m_values; // Owned (by m_modes).
};

} // namespace kvs::ui
