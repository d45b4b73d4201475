package dev.cdcwizard.engine.cli;

import java.util.Locale;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

final class VersionProvider implements IVersionProvider {
  @Spec
  CommandSpec spec;

  @Override
  public String[] getVersion() {
    Locale locale = ((CdcWizardCli) spec.root().userObject()).locale();
    String version = CdcWizardCli.class.getPackage().getImplementationVersion();
    return new String[] {version == null ? CliMessage.VERSION_DEVELOPMENT.format(locale)
        : CliMessage.VERSION.format(locale, version)};
  }
}
