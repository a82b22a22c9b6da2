#pragma once

#include <QColor>
#include <QDialog>
#include <QString>

class QLineEdit;
class QPushButton;

namespace kvs::ui {

// What a typed-name confirmation says: the box's name (tests find it by it), its title, what
// will happen, the name to type (PostgreSQL: the database's; SQLite: the file's), the label of
// the button that goes ahead, and the colour of the strip across its top (invalid: none).
struct TypedNameQuestion
{
    QString objectName;
    QString title;
    QString what;
    QString name;
    QString action;
    QColor colour;
};

// The confirmation of an action on a production database, as GitHub asks before deleting a
// repository: it says what will happen, and its action button is enabled only while the
// database's name is typed exactly (case and spaces count); Cancel is the way out, and Enter
// goes ahead only when the name matches. One component for every such action (Allow writes,
// the destructive bulk actions, and those later issues add).
// Thread rule: GUI thread only.
class TypedNameDialog : public QDialog
{
    Q_OBJECT

public:
    explicit TypedNameDialog(const TypedNameQuestion &question, QWidget *parent = nullptr);

    QLineEdit *nameEdit() const { return m_name; }
    QPushButton *actionButton() const { return m_action; }
    // "Production: NAME", the title of a production tab's confirmations.
    static QString productionTitle(const QString &name);
    // Whether the typed text is the name exactly.
    bool matches() const;

    void accept() override;

private:
    QString m_expected;
    QLineEdit *m_name;     // Owned (child).
    QPushButton *m_action; // Owned (child).
};

// Shows question modally; true only when the name was typed and the action chosen.
bool confirmTypedName(QWidget *parent, const TypedNameQuestion &question);

} // namespace kvs::ui
