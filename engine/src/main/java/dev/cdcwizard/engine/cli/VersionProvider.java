package dev.cdcwizard.engine.cli;

import picocli.CommandLine.IVersionProvider;

final class VersionProvider implements IVersionProvider {
  @Override
  public String[] getVersion() {
    String version = CdcWizardCli.class.getPackage().getImplementationVersion();
    return new String[] {"CDC Wizard " + (version == null ? "(development build)" : version)};
  }
}
