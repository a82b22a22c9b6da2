#pragma once

#include <QWidget>

class QSettings;

namespace kvs::ui {

// One page of the Preferences dialog, contributed by a view through PreferencesRegistry: it
// shows the view's settings (load), and writes what the user set (save) when the dialog is
// accepted. Thread rule: GUI thread only.
class PreferencesPage : public QWidget
{
    Q_OBJECT

public:
    explicit PreferencesPage(QWidget *parent = nullptr);
    ~PreferencesPage() override;

    // The page's name in the dialog's list ("General", "Key tree", "Queues").
    virtual QString title() const = 0;
    // Shows the values stored in settings (defaults where none is).
    virtual void load(const QSettings &settings) = 0;
    // Writes the values shown into settings (the dialog syncs the file).
    virtual void save(QSettings &settings) const = 0;
};

} // namespace kvs::ui
