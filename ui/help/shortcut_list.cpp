#include "help/shortcut_list.h"

#include <QAction>
#include <QRegularExpression>
#include <QShortcut>
#include <QStackedWidget>
#include <QTabWidget>
#include <QWidget>

#include <algorithm>
#include <set>
#include <tuple>
#include <utility>

namespace kvs::ui {

namespace {

// The text of an action as a list shows it: no "&" mnemonic, no trailing "…".
QString plainText(QString text)
{
    text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    if (text.endsWith(QChar(0x2026)))
        text.chop(1);
    return text;
}

} // namespace

QString ShortcutList::placeOf(const QWidget *widget, const QWidget &window)
{
    // The tab texts from the innermost tab the widget lies in to the outermost.
    QStringList tabs;
    for (const QWidget *page = widget; page && page != &window; page = page->parentWidget()) {
        const auto *stack = qobject_cast<const QStackedWidget *>(page->parentWidget());
        const auto *tabWidget
            = stack ? qobject_cast<const QTabWidget *>(stack->parentWidget()) : nullptr;
        if (tabWidget)
            tabs << tabWidget->tabText(tabWidget->indexOf(const_cast<QWidget *>(page)));
    }
    if (tabs.isEmpty())
        return tr("Window");
    // The outermost tab is the database's own (named after its file): the view lies below it.
    if (tabs.size() == 1)
        return tr("Database tab");
    return plainText(tabs.at(tabs.size() - 2));
}

std::vector<ShortcutEntry> ShortcutList::of(const QWidget &window)
{
    std::vector<ShortcutEntry> entries;
    std::set<std::pair<QString, QString>> seen; // keys and what: each once (every database tab
                                                // has the same)
    const auto add = [&](const QKeySequence &keys, const QString &what, const QString &where) {
        if (keys.isEmpty() || what.isEmpty())
            return;
        if (seen.insert({keys.toString(), what}).second)
            entries.push_back({keys, what, where});
    };
    for (const QAction *action : window.findChildren<QAction *>()) {
        const auto *owner = qobject_cast<const QWidget *>(action->parent());
        const QString where = placeOf(owner, window);
        for (const QKeySequence &keys : action->shortcuts())
            add(keys, plainText(action->text()), where);
    }
    for (const QShortcut *shortcut : window.findChildren<QShortcut *>()) {
        const auto *owner = qobject_cast<const QWidget *>(shortcut->parent());
        add(shortcut->key(), plainText(shortcut->whatsThis()), placeOf(owner, window));
    }
    // Keys a view handles itself (no action holds them).
    add(QKeySequence(Qt::CTRL | Qt::Key_End), tr("Go to the table's last row"), tr("Tables"));
    add(QKeySequence(Qt::CTRL | Qt::Key_Home), tr("Go to the table's first row"), tr("Tables"));
    // The window's first, then the database tab's, then each view's.
    const QString windowPlace = tr("Window");
    const QString tabPlace = tr("Database tab");
    const auto rank = [&](const ShortcutEntry &entry) {
        return entry.where == windowPlace ? 0 : entry.where == tabPlace ? 1 : 2;
    };
    std::sort(entries.begin(), entries.end(), [&](const ShortcutEntry &a, const ShortcutEntry &b) {
        return std::make_tuple(rank(a), a.where, a.what)
               < std::make_tuple(rank(b), b.where, b.what);
    });
    return entries;
}

} // namespace kvs::ui
