#pragma once

#include <QString>
#include <QWidget>

class QAbstractButton;
class QLabel;

namespace kvs::ui {

// A coloured strip above a pane that says what went wrong (a tab's database could not be
// opened, a listing failed), with the buttons that act on it. Hidden until showMessage(). Its
// text wraps in the width the window has, a long path or list of names too: a banner never
// makes the window wider.
// Thread rule: GUI thread only.
class MessageBanner : public QWidget
{
    Q_OBJECT

public:
    enum class Tone {
        Warning, // the database needs a decision (migrate, retry)
        Error,   // a read failed
    };

    MessageBanner(Tone tone, QWidget *parent = nullptr);

    // Puts button after the text, in the order added; the banner takes it.
    void addButton(QAbstractButton *button);
    void showMessage(const QString &text);
    // The text shown, or empty while hidden. isHidden, not isVisible: the answer must not depend
    // on the window being shown (tests look at unshown windows).
    QString message() const;

private:
    QLabel *m_text; // Owned.
    QString m_message;
};

} // namespace kvs::ui
