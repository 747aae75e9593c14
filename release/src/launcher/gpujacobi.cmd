@echo off
rem The command line: gpujacobi <command> [options] (gpujacobi --help lists the commands). Runs the jar in
rem ..\lib with Java 8 or newer from JAVA_HOME or the PATH; builds nothing. GPUJACOBI_JAVA_OPTS adds JVM
rem options (e.g. -Xmx8g for large inputs).
setlocal
set "JAR=%~dp0..\lib\gpujacobi.jar"
set "JAVA=java"
if defined JAVA_HOME if exist "%JAVA_HOME%\bin\java.exe" set "JAVA=%JAVA_HOME%\bin\java.exe"
"%JAVA%" -fullversion >nul 2>&1
if errorlevel 1 (
  echo gpujacobi: no Java found: install Java 8 or newer, or set JAVA_HOME to one 1>&2
  exit /b 1
)
if not exist "%JAR%" (
  echo gpujacobi: %JAR% is missing ^(unpack the whole gpujacobi-cli archive^) 1>&2
  exit /b 1
)
rem Java 23+ warns on every run that the .mat reader's fast path uses sun.misc.Unsafe unless it is allowed;
rem older JVMs refuse the option ("1.8.0_392" is 8, "17.0.15+6" is 17).
set "MAJOR=0"
set "MINOR=0"
for /f tokens^=2^,3^ delims^=.-_+^" %%a in ('""%JAVA%" -fullversion 2^>^&1"') do (
  set "MAJOR=%%a"
  set "MINOR=%%b"
)
if "%MAJOR%"=="1" set "MAJOR=%MINOR%"
set "UNSAFE="
if %MAJOR% GEQ 23 set "UNSAFE=--sun-misc-unsafe-memory-access=allow"
"%JAVA%" %GPUJACOBI_JAVA_OPTS% %UNSAFE% -jar "%JAR%" %*
exit /b %ERRORLEVEL%
