; Inno Setup script: wraps the PyInstaller bundle into a Windows installer.
; On Windows: `make installer` (or pyinstaller installer\illusio_table.spec), then
;   iscc /DAppVersion=0.1.0 installer\windows\illusio_table.iss
; The installer lands in dist\ as illusio-table-<version>-setup.exe.

#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif

[Setup]
AppId={{7D3C2E7A-1F4B-4C1A-9A53-5E1D2B7C9F10}
AppName=Illusio Table
AppVersion={#AppVersion}
AppPublisher=Illusio Table
DefaultDirName={autopf}\Illusio Table
DefaultGroupName=Illusio Table
OutputDir=..\..\dist
OutputBaseFilename=illusio-table-{#AppVersion}-setup
SetupIconFile=..\..\assets\icons\illusio-table.ico
UninstallDisplayIcon={app}\illusio-table.exe
Compression=lzma2
SolidCompression=yes
WizardStyle=modern
ArchitecturesInstallIn64BitMode=x64compatible
PrivilegesRequiredOverridesAllowed=dialog

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "..\..\dist\illusio-table\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\Illusio Table"; Filename: "{app}\illusio-table.exe"
Name: "{group}\Uninstall Illusio Table"; Filename: "{uninstallexe}"
Name: "{autodesktop}\Illusio Table"; Filename: "{app}\illusio-table.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\illusio-table.exe"; Description: "{cm:LaunchProgram,Illusio Table}"; Flags: nowait postinstall skipifsilent
