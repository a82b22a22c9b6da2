#pragma once

#include "inspector/expiry_choice.h"
#include "inspector/inspected_entry.h"

#include <QObject>

#include <optional>

class QAction;
class QSpinBox;
class QToolBar;
class QWidget;

namespace kvs::ui {

class InspectorController;

// The value inspector's two tool bars, and what the reading one does. The first row reads the
// entry shown: copy its key (as a literal, or hex when it does not decode), its value as a
// one-line literal (printed off the GUI thread), its list cursor, and save the value to a file.
// The second row writes (edit, increment by, expiry, delete, new key): its actions emit signals
// that ValueInspector acts on (Expiry… asks for the new expiry first), and show only while the
// database is writable. Two rows, so that
// at the window's default width no action hides in an overflow menu.
// Thread rule: GUI thread only. Lives as long as its pane (its parent).
class InspectorActions : public QObject
{
    Q_OBJECT

public:
    // Not owned: controller (the pane's) prints and exports; the tool bars are pane's children.
    InspectorActions(InspectorController *controller, QWidget *pane);

    QToolBar *toolBar() const { return m_toolBar; }
    QToolBar *writeToolBar() const { return m_writeToolBar; }
    // Enables what applies to entry (the pane's, which outlives this; nullopt: none shown);
    // viewing: the pane shows the value, not an edit or a conflict; writable: the write row
    // shows.
    void update(const std::optional<InspectedEntry> &entry, bool writable, bool viewing);

    // The reading actions, on the entry last given to update().
    void copyKeyLiteral();
    void copyValueLiteral(); // Asynchronous for a large value: the clipboard fills when printed.
    void copyCursor();
    // Writes the raw bytes (asLiteral false) or the one-line literal to path.
    void saveValueToFile(const QString &path, bool asLiteral);
    // Asks for the file (raw bytes, or a literal when the value decodes), then saves.
    void chooseFileAndSave();
    // Asks for the entry's new expiry (the value stays); expiryChosen() when accepted.
    void chooseExpiry();

signals:
    void editRequested();
    void incrementRequested(qint64 delta);
    void expiryChosen(const kvs::ui::ExpiryChoice &choice);
    void deleteRequested();
    void newKeyRequested();

private:
    InspectorController *m_controller;                      // Not owned.
    QWidget *m_pane;                                        // Not owned: the parent.
    const std::optional<InspectedEntry> *m_entry = nullptr; // Not owned: the pane's.
    QToolBar *m_toolBar;                                    // Owned by m_pane (child).
    QToolBar *m_writeToolBar;                               // Owned by m_pane (child).
    QSpinBox *m_incrementDelta;                             // Owned (child of m_writeToolBar).
    QAction *m_copyKey = nullptr;                           // Owned (child of m_toolBar).
    QAction *m_copyValue = nullptr;                         // Owned (child of m_toolBar).
    QAction *m_copyCursor = nullptr;                        // Owned (child of m_toolBar).
    QAction *m_saveToFile = nullptr;                        // Owned (child of m_toolBar).
    QAction *m_writeSeparator = nullptr;                    // Owned (child of m_writeToolBar).
    QAction *m_edit = nullptr;                              // Owned (child of m_writeToolBar).
    QAction *m_increment = nullptr;                         // Owned (child of m_writeToolBar).
    QAction *m_incrementWidget = nullptr;                   // Owned (child of m_writeToolBar).
    QAction *m_expiry = nullptr;                            // Owned (child of m_writeToolBar).
    QAction *m_delete = nullptr;                            // Owned (child of m_writeToolBar).
    QAction *m_newKey = nullptr;                            // Owned (child of m_writeToolBar).
};

} // namespace kvs::ui
