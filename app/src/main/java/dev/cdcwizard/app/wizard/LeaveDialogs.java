package dev.cdcwizard.app.wizard;

import dev.cdcwizard.app.fx.ChineseFonts;
import dev.cdcwizard.app.fx.DataSize;
import dev.cdcwizard.engine.postgres.slot.SlotGroupStatus;
import dev.cdcwizard.i18n.Messages;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar.ButtonData;
import javafx.scene.control.ButtonType;
import javafx.stage.Window;

/** The close prompts as dialogs over the wizard's window, in the language it shows. */
public final class LeaveDialogs implements LeavePrompts {
  private final Supplier<Messages> language;
  private final Supplier<Window> owner;

  public LeaveDialogs(Supplier<Messages> language, Supplier<Window> owner) {
    this.language = language;
    this.owner = owner;
  }

  @Override
  public RunChoice askAboutRun(boolean onCluster) {
    Messages messages = language.get();
    List<Choice<RunChoice>> choices = new ArrayList<>();
    if (onCluster) {
      choices.add(new Choice<>("leaveKeepRunningButton", messages.get("wizard.leave.keepRunning"), ButtonData.OTHER,
          RunChoice.KEEP_RUNNING));
      choices.add(new Choice<>("leaveStopButton", messages.get("wizard.leave.stopWithSavepoint"), ButtonData.OK_DONE,
          RunChoice.STOP));
      choices.add(new Choice<>("leaveCancelJobButton", messages.get("wizard.leave.cancelJob"), ButtonData.NO,
          RunChoice.CANCEL));
    } else {
      choices.add(new Choice<>("leaveStopButton", messages.get("wizard.leave.stop"), ButtonData.OK_DONE, RunChoice.STOP));
    }
    choices.add(new Choice<>("leaveStayButton", messages.get("wizard.leave.stay"), ButtonData.CANCEL_CLOSE, RunChoice.STAY));
    String text = onCluster ? messages.get("wizard.leave.runningOnCluster") : messages.get("wizard.leave.runningEmbedded");
    return ask(messages, "leaveRunDialog", messages.get("wizard.leave.runningTitle"), text, choices, RunChoice.STAY);
  }

  @Override
  public SlotChoice askAboutSlot(SlotGroupStatus slot, Optional<String> resumePoint) {
    Messages messages = language.get();
    String held = slot.walRetainedBytes().isPresent()
        ? messages.format(DataSize.of(slot.walRetainedBytes().getAsLong())) : messages.get("wizard.leave.sizeUnknown");
    String text = messages.get("wizard.leave.slotHolds", slot.slotName(), held)
        + resumePoint.map(path -> "\n\n" + messages.get("wizard.leave.resumeFrom", path)).orElse("");
    List<Choice<SlotChoice>> choices = List.of(
        new Choice<>("leaveKeepSlotButton", messages.get("wizard.leave.keepSlot"), ButtonData.OK_DONE, SlotChoice.KEEP),
        new Choice<>("leaveDropSlotButton", messages.get("wizard.leave.dropSlot"), ButtonData.OTHER, SlotChoice.DROP),
        new Choice<>("leaveStayButton", messages.get("wizard.leave.stay"), ButtonData.CANCEL_CLOSE, SlotChoice.STAY));
    return ask(messages, "leaveSlotDialog", messages.get("wizard.leave.slotTitle", slot.slotName()), text, choices,
        SlotChoice.STAY);
  }

  @Override
  public ClusterChoice askAboutLocalCluster(URI webUi) {
    Messages messages = language.get();
    List<Choice<ClusterChoice>> choices = List.of(
        new Choice<>("leaveKeepClusterButton", messages.get("wizard.leave.keepCluster"), ButtonData.OK_DONE,
            ClusterChoice.KEEP_RUNNING),
        new Choice<>("leaveStopClusterButton", messages.get("wizard.leave.stopCluster"), ButtonData.OTHER,
            ClusterChoice.STOP),
        new Choice<>("leaveStayButton", messages.get("wizard.leave.stay"), ButtonData.CANCEL_CLOSE, ClusterChoice.STAY));
    return ask(messages, "leaveClusterDialog", messages.get("wizard.leave.clusterTitle"),
        messages.get("wizard.leave.clusterRuns", webUi), choices, ClusterChoice.STAY);
  }

  /** Shows the dialog and waits for a button; closing the dialog itself is {@code otherwise}. */
  private <T> T ask(Messages messages, String dialogId, String header, String text, List<Choice<T>> choices, T otherwise) {
    Alert alert = new Alert(Alert.AlertType.CONFIRMATION, text);
    alert.getButtonTypes().setAll(choices.stream().map(Choice::type).toList());
    for (Choice<T> choice : choices) {
      alert.getDialogPane().lookupButton(choice.type()).setId(choice.buttonId());
    }
    alert.setTitle(messages.get("app.name"));
    alert.setHeaderText(header);
    alert.initOwner(owner.get());
    alert.getDialogPane().setId(dialogId);
    alert.getDialogPane().setPrefWidth(600);
    ChineseFonts.apply(alert.getDialogPane(), messages.locale());
    return alert.showAndWait()
        .flatMap(pressed -> choices.stream().filter(choice -> choice.type() == pressed).findFirst())
        .map(Choice::value).orElse(otherwise);
  }

  private record Choice<T>(String buttonId, String label, ButtonData data, T value, ButtonType type) {
    Choice(String buttonId, String label, ButtonData data, T value) {
      this(buttonId, label, data, value, new ButtonType(label, data));
    }
  }
}
