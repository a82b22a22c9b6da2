#include "common/production_mark.h"

#include "common/environment_strip.h"
#include "common/typed_name_dialog.h"

#include <QApplication>
#include <QDialog>
#include <QEvent>
#include <QVariant>

namespace kvs::ui {

namespace {

const char *const kNameProperty = "kvsProductionName";
const char *const kColourProperty = "kvsProductionColour";
const QString kOverlayName = QStringLiteral("dialogEnvironmentStrip");
constexpr int kOverlayHeight = 6;

// Lays a strip of the tab's colour over the top edge of each dialog a production tab opens,
// above its own layout (so no dialog needs changing), and keeps it as wide as the dialog.
class DialogStripFilter : public QObject
{
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() != QEvent::Show && event->type() != QEvent::Resize)
            return false;
        auto *dialog = qobject_cast<QDialog *>(watched);
        if (!dialog)
            return false;
        auto *overlay
            = dialog->findChild<EnvironmentStrip *>(kOverlayName, Qt::FindDirectChildrenOnly);
        if (!overlay && event->type() == QEvent::Show) {
            const std::optional<ProductionMark> mark = productionMarkOf(dialog->parentWidget());
            // A dialog with a strip of its own (the typed-name confirmation) keeps just that.
            if (!mark || dialog->findChild<EnvironmentStrip *>())
                return false;
            overlay = new EnvironmentStrip(dialog);
            overlay->setObjectName(kOverlayName);
            overlay->setColour(mark->colour);
            overlay->show();
        }
        if (overlay) {
            overlay->setGeometry(0, 0, dialog->width(), kOverlayHeight);
            overlay->raise();
        }
        return false;
    }
};

} // namespace

void setProductionMark(QWidget *root, const std::optional<ProductionMark> &mark)
{
    root->setProperty(kNameProperty, mark ? QVariant(mark->name) : QVariant());
    root->setProperty(kColourProperty, mark ? QVariant(mark->colour) : QVariant());
}

std::optional<ProductionMark> productionMarkOf(const QWidget *widget)
{
    for (const QWidget *at = widget; at; at = at->parentWidget()) {
        const QVariant name = at->property(kNameProperty);
        if (name.isValid())
            return ProductionMark{name.toString(), at->property(kColourProperty).value<QColor>()};
    }
    return std::nullopt;
}

bool confirmOnProduction(QWidget *parent,
                         const QString &objectName,
                         const QString &what,
                         const QString &action)
{
    const std::optional<ProductionMark> mark = productionMarkOf(parent);
    if (!mark)
        return true;
    TypedNameQuestion question;
    question.objectName = objectName;
    question.title = TypedNameDialog::productionTitle(mark->name);
    question.what = what;
    question.name = mark->name;
    question.action = action;
    question.colour = mark->colour;
    return confirmTypedName(parent, question);
}

void installProductionDialogStrips()
{
    static DialogStripFilter *filter = nullptr;
    if (filter || !qApp)
        return;
    filter = new DialogStripFilter(qApp);
    qApp->installEventFilter(filter);
}

} // namespace kvs::ui
