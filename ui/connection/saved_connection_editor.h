#pragma once

#include <kvs/saved_connection.h>

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace kvs::ui {

// Edits what a saved connection is called and how it shows: its name, environment
// (development, staging, production), colour and tags (comma-separated). The connection itself
// (where the database is) comes from the Open dialog's form and is shown for reference. OK is
// enabled only with a name that no other saved connection has. Thread rule: GUI thread only.
class SavedConnectionEditor : public QDialog
{
    Q_OBJECT

public:
    // connection: what to edit (its target shown as where); takenNames: names of the other saved
    // connections.
    SavedConnectionEditor(const SavedConnection &connection,
                          const QString &where,
                          const QStringList &takenNames,
                          QWidget *parent = nullptr);

    // The connection with the fields as edited (its target as given).
    SavedConnection connection() const;

    QLineEdit *nameEdit() const { return m_name; }
    QComboBox *environmentBox() const { return m_environment; }
    QLineEdit *tagsEdit() const { return m_tags; }
    // Sets the colour as the colour button would ("" = the environment's).
    void setColour(const QString &colour);

private:
    void chooseColour();
    void updateState();

    SavedConnection m_connection;
    QStringList m_taken;
    QLineEdit *m_name;           // Owned (child).
    QComboBox *m_environment;    // Owned (child).
    QPushButton *m_colour;       // Owned (child).
    QPushButton *m_resetColour;  // Owned (child).
    QLineEdit *m_tags;           // Owned (child).
    QLabel *m_problem;           // Owned (child).
    QDialogButtonBox *m_buttons; // Owned (child).
};

} // namespace kvs::ui
