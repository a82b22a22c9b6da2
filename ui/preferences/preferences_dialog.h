#pragma once

#include <QDialog>
#include <QList>

class QListWidget;
class QSettings;
class QStackedWidget;

namespace kvs::ui {

class PreferencesPage;

// Edit ▸ Preferences…: the pages of PreferencesRegistry in a list beside their fields. OK writes
// every page's values into the settings and syncs the file readable by its owner only (0600);
// Cancel writes nothing. Thread rule: GUI thread only.
class PreferencesDialog : public QDialog
{
    Q_OBJECT

public:
    // settings: where the values are kept (null: the application's default QSettings). Not owned.
    explicit PreferencesDialog(QWidget *parent = nullptr, QSettings *settings = nullptr);
    ~PreferencesDialog() override;

    const QList<PreferencesPage *> &pages() const { return m_pages; }
    // The page titled title, or null.
    PreferencesPage *page(const QString &title) const;
    // Shows the page at index.
    void showPage(int index);

    void accept() override;

signals:
    // OK wrote the values (views that read them at start may apply them now).
    void saved();

private:
    QSettings *m_settings;            // Not owned; may be null.
    QListWidget *m_list;              // Owned (child).
    QStackedWidget *m_stack;          // Owned (child).
    QList<PreferencesPage *> m_pages; // Owned (in m_stack).
};

} // namespace kvs::ui
