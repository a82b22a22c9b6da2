#pragma once

#include "inspector/inspected_entry.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTabWidget;
class QTableView;

namespace kvs::ui {

class HexBytesModel;
class StructuredValueView;

// The read-only value: a "Value" tab with the pretty-printed, coloured literal (a bounded first
// part, with a note and a link to save the whole value when cut), a "Structure" tab with the
// value as a collapsible tree (StructuredValueView), and a "Raw bytes" tab with the stored bytes
// in hex and text, paged by the view (HexBytesModel). Thread rule: GUI thread only.
class ValueView : public QWidget
{
    Q_OBJECT

public:
    explicit ValueView(QWidget *parent = nullptr);

    // prefixOnly: as EntryHeader::showEntry.
    void showEntry(const InspectedEntry &entry, bool prefixOnly = false);
    void clear();

    QPlainTextEdit *literalView() const { return m_literal; }
    QTableView *hexView() const { return m_hex; }
    HexBytesModel *hexModel() const { return m_hexModel; }
    StructuredValueView *structuredView() const { return m_structured; }
    QTabWidget *tabs() const { return m_tabs; }
    QLabel *noteLabel() const { return m_note; }

signals:
    // The user followed the note's "save to file" link.
    void saveRequested();

private:
    QLabel *m_note;                    // Owned (child).
    QTabWidget *m_tabs;                // Owned (child).
    QPlainTextEdit *m_literal;         // Owned (child).
    StructuredValueView *m_structured; // Owned (child).
    QTableView *m_hex;                 // Owned (child).
    HexBytesModel *m_hexModel;         // Owned (child).
};

} // namespace kvs::ui
