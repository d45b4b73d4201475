package dev.cdcwizard.app.screenshot;

import dev.cdcwizard.app.step.welcome.StartChoice;
import dev.cdcwizard.app.wizard.Wizard;
import dev.cdcwizard.app.wizard.WizardStep;
import dev.cdcwizard.app.wizard.WizardViewModels;
import dev.cdcwizard.i18n.Localization;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Walks the tutorial for real, on the sample database and the embedded engine, and at every step saves
 * a picture of the window in each language, as {@code DIR/<language tag>/<nn>-<step>.png}. Runs on a
 * thread of its own and hands every UI action to the FX thread ({@link FxSteps}).
 */
public final class ScreenshotTour {
  private final Wizard wizard;
  private final Path directory;
  private final FxSteps fx = new FxSteps();

  public ScreenshotTour(Wizard wizard, Path directory) {
    this.wizard = wizard;
    this.directory = directory;
  }

  public void run() throws Exception {
    WizardViewModels steps = wizard.viewModels();
    fx.run(() -> {
      steps.welcome().choiceProperty().set(StartChoice.SAMPLE_DATABASE);
      steps.welcome().startSampleDatabase();
    });
    fx.await(() -> steps.welcome().isValid());
    shoot(WizardStep.WELCOME);

    show(WizardStep.CONNECT);
    fx.run(() -> steps.connect().testConnection());
    fx.await(() -> steps.connect().isValid());
    shoot(WizardStep.CONNECT);

    show(WizardStep.CHECK);
    fx.await(() -> steps.check().isValid());
    shoot(WizardStep.CHECK);

    show(WizardStep.TABLES);
    fx.await(() -> !steps.tables().visibleTables().isEmpty());
    fx.run(() -> {
      steps.tables().patternProperty().set("public.order\\.*");
      steps.tables().selectMatches();
    });
    shoot(WizardStep.TABLES);

    show(WizardStep.PUBLICATION);
    fx.await(() -> !steps.publication().sqlBinding().get().isEmpty());
    shoot(WizardStep.PUBLICATION);
    fx.run(() -> steps.publication().runPlan());
    fx.await(() -> steps.publication().isValid());

    show(WizardStep.TARGET);
    Path warehouse = Files.createTempDirectory("cdc-wizard-warehouse");
    fx.run(() -> wizard.state().target().catalog().warehouseProperty().set(warehouse.toString()));
    shoot(WizardStep.TARGET);

    show(WizardStep.REVIEW);
    fx.await(() -> steps.review().isValid());
    shoot(WizardStep.REVIEW);

    show(WizardStep.LAUNCH);
    fx.run(() -> steps.launch().start());
    fx.await(() -> steps.launch().isValid() && !steps.launch().progress().isEmpty()
        && steps.launch().progress().get(0).rowsCopied() > 0);
    shoot(WizardStep.LAUNCH);

    show(WizardStep.MONITOR);
    fx.await(() -> steps.monitor().preview().rows().size() == 2 && steps.monitor().slot().walLines().stream().mapToInt(line -> line.getData().size()).sum() >= 3);
    shoot(WizardStep.MONITOR);

    // leave the sample database as the tutorial's last step does: pipeline stopped, slot dropped
    wizard.state().stopPipeline();
    fx.run(() -> steps.monitor().cleanUp());
    fx.await(() -> !steps.monitor().busyProperty().get());
  }

  private void show(WizardStep step) throws Exception {
    fx.run(() -> wizard.navigator().goTo(step));
  }

  private void shoot(WizardStep step) throws Exception {
    Locale before = fx.call(() -> wizard.preferences().languageProperty().get());
    for (Locale language : Localization.SUPPORTED_LOCALES) {
      fx.run(() -> wizard.preferences().languageProperty().set(language));
      fx.settle();
      Path file = directory.resolve(language.toLanguageTag())
          .resolve(String.format("%02d-%s.png", step.ordinal() + 1, step.viewName()));
      Pictures.save(fx.call(() -> wizard.window().stage().getScene().snapshot(null)), file);
    }
    fx.run(() -> wizard.preferences().languageProperty().set(before));
  }
}
