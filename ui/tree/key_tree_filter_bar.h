#pragma once

#include "tree/key_tree_filter.h"

#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QTimer;

namespace kvs::ui {

// The filter bar above the key tree: prefix, start and end in the key literal syntax, reverse,
// and "go to key". Each field is parsed as the user types (debounced); an invalid literal marks
// its field and shows the parse error in one line under the bar, never a dialog. Enter in any
// filter field applies the filter when every field is valid.
// Thread rule: GUI thread only.
class KeyTreeFilterBar : public QWidget
{
    Q_OBJECT

public:
    explicit KeyTreeFilterBar(QWidget *parent = nullptr);

    // The filter of the fields as they are now, or nullopt while one does not parse.
    std::optional<KeyTreeFilter> currentFilter() const;
    // Puts filter's fields in the edits (as literals), without applying it.
    void showFilter(const KeyTreeFilter &filter);
    // The message under the bar (empty when every field parses).
    QString errorText() const;

    QLineEdit *prefixEdit() const { return m_prefix; }
    QLineEdit *startEdit() const { return m_start; }
    QLineEdit *endEdit() const { return m_end; }
    QLineEdit *goToEdit() const { return m_goTo; }
    QCheckBox *reverseBox() const { return m_reverse; }

signals:
    void filterApplied(const kvs::ui::KeyTreeFilter &filter);
    void goToKeyRequested(const kvs::Key &key);

private:
    void validate();
    void apply();
    void goTo();
    // Parses edit's text as a key ("" = unset); on failure marks the field and returns the
    // message through error.
    std::optional<Key> parseField(QLineEdit *edit, const QString &name, QString &error) const;

    QLineEdit *m_prefix;  // Owned (child widget).
    QLineEdit *m_start;   // Owned.
    QLineEdit *m_end;     // Owned.
    QCheckBox *m_reverse; // Owned.
    QLineEdit *m_goTo;    // Owned.
    QLabel *m_error;      // Owned.
    QTimer *m_validation; // Owned: debounces validate().
};

} // namespace kvs::ui
