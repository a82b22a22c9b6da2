#include "tree/key_tree_filter_bar.h"

#include "theme/ui_palette.h"

#include <kvs/errors.h>
#include <kvs/literal.h>

#include <QCheckBox>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTimer>

namespace kvs::ui {

namespace {

QLineEdit *literalEdit(const QString &placeholder, QWidget *parent)
{
    auto *edit = new QLineEdit(parent);
    edit->setPlaceholderText(placeholder);
    edit->setClearButtonEnabled(true);
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    edit->setFont(mono);
    return edit;
}

} // namespace

KeyTreeFilterBar::KeyTreeFilterBar(QWidget *parent)
    : QWidget(parent)
    , m_prefix(literalEdit(tr(R"(prefix, e.g. ["users"])"), this))
    , m_start(literalEdit(tr("start (inclusive)"), this))
    , m_end(literalEdit(tr("end (exclusive)"), this))
    , m_reverse(new QCheckBox(tr("Reverse"), this))
    , m_goTo(literalEdit(tr(R"(go to key, e.g. ["users", 42])"), this))
    , m_error(new QLabel(this))
    , m_validation(new QTimer(this))
{
    m_error->setObjectName(QStringLiteral("filterError"));
    m_error->setStyleSheet(UiPalette::of(m_error).textStyle(UiPalette::Role::Error));
    m_error->setWordWrap(true);
    m_error->hide();
    m_validation->setSingleShot(true);
    m_validation->setInterval(150);
    connect(m_validation, &QTimer::timeout, this, &KeyTreeFilterBar::validate);

    auto *applyButton = new QPushButton(tr("Apply"), this);
    auto *goButton = new QPushButton(tr("Go"), this);
    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setHorizontalSpacing(4);
    layout->setVerticalSpacing(3);
    layout->addWidget(m_prefix, 0, 0, 1, 2);
    layout->addWidget(m_reverse, 0, 2);
    layout->addWidget(applyButton, 0, 3);
    layout->addWidget(m_start, 1, 0);
    layout->addWidget(m_end, 1, 1);
    layout->addWidget(m_goTo, 2, 0, 1, 3);
    layout->addWidget(goButton, 2, 3);
    layout->addWidget(m_error, 3, 0, 1, 4);

    for (QLineEdit *edit : {m_prefix, m_start, m_end, m_goTo}) {
        connect(edit, &QLineEdit::textEdited, m_validation, qOverload<>(&QTimer::start));
        connect(edit, &QLineEdit::textChanged, m_validation, qOverload<>(&QTimer::start));
    }
    for (QLineEdit *edit : {m_prefix, m_start, m_end})
        connect(edit, &QLineEdit::returnPressed, this, &KeyTreeFilterBar::apply);
    connect(m_reverse, &QCheckBox::toggled, this, &KeyTreeFilterBar::apply);
    connect(applyButton, &QPushButton::clicked, this, &KeyTreeFilterBar::apply);
    connect(m_goTo, &QLineEdit::returnPressed, this, &KeyTreeFilterBar::goTo);
    connect(goButton, &QPushButton::clicked, this, &KeyTreeFilterBar::goTo);
}

std::optional<Key>
KeyTreeFilterBar::parseField(QLineEdit *edit, const QString &name, QString &error) const
{
    const QString text = edit->text().trimmed();
    edit->setStyleSheet({});
    if (text.isEmpty())
        return std::nullopt;
    try {
        return parseKeyLiteral(text.toStdString());
    } catch (const Error &e) {
        edit->setStyleSheet(QStringLiteral("QLineEdit { border: 1px solid %1; }")
                                .arg(UiPalette::of(edit).color(UiPalette::Role::Error).name()));
        if (error.isEmpty())
            error = tr("%1: %2").arg(name, QString::fromStdString(e.what()));
        return std::nullopt;
    }
}

std::optional<KeyTreeFilter> KeyTreeFilterBar::currentFilter() const
{
    QString error;
    KeyTreeFilter filter;
    filter.prefix = parseField(m_prefix, tr("Prefix"), error).value_or(Key{});
    filter.start = parseField(m_start, tr("Start"), error);
    filter.end = parseField(m_end, tr("End"), error);
    filter.reverse = m_reverse->isChecked();
    if (!error.isEmpty())
        return std::nullopt;
    return filter;
}

void KeyTreeFilterBar::showFilter(const KeyTreeFilter &filter)
{
    const auto literal = [](const std::optional<Key> &key) {
        return key ? QString::fromStdString(printKeyLiteral(*key)) : QString();
    };
    m_prefix->setText(filter.prefix.empty() ? QString() : literal(filter.prefix));
    m_start->setText(literal(filter.start));
    m_end->setText(literal(filter.end));
    {
        const QSignalBlocker quiet(m_reverse); // toggling applies the filter
        m_reverse->setChecked(filter.reverse);
    }
    validate();
}

QString KeyTreeFilterBar::errorText() const
{
    return m_error->isVisible() ? m_error->text() : QString();
}

void KeyTreeFilterBar::validate()
{
    QString error;
    parseField(m_prefix, tr("Prefix"), error);
    parseField(m_start, tr("Start"), error);
    parseField(m_end, tr("End"), error);
    parseField(m_goTo, tr("Go to"), error);
    m_error->setText(error);
    m_error->setVisible(!error.isEmpty());
}

void KeyTreeFilterBar::apply()
{
    validate();
    if (const std::optional<KeyTreeFilter> filter = currentFilter()) {
        emit filterApplied(*filter);
        return;
    }
    // The fields show text the tree does not: say which filter it still shows.
    m_error->setText(tr("%1\nNot applied: the tree still shows the last filter that applied.")
                         .arg(m_error->text()));
}

void KeyTreeFilterBar::goTo()
{
    validate();
    QString error;
    if (const std::optional<Key> key = parseField(m_goTo, tr("Go to"), error))
        emit goToKeyRequested(*key);
}

} // namespace kvs::ui
