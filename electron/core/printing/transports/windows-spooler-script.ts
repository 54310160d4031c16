// The PowerShell worker behind Windows raw printing, kept as text so the bundle carries it. It compiles a
// small class over winspool.drv once (Add-Type), then serves one job per line of its standard input:
//   {"printer":"EPSON TM-T20II","data":"<base64>"}  ->  {"ok":true} | {"ok":false,"code":"OFFLINE","detail":"..."}
// For each job: OpenPrinter; GetPrinter level 2 to refuse a printer the spooler knows is offline, paused, out of
// paper, in error or with its door open (a queue whose printer is unplugged otherwise accepts the job silently);
// StartDocPrinter with the "RAW" datatype, StartPagePrinter, WritePrinter, EndPagePrinter, EndDocPrinter; then the
// job is watched for up to 3 s (GetJob level 1): a job the spooler marks in error, offline, out of paper or blocked
// is deleted (SetJob JOB_CONTROL_DELETE), so it never prints an hour later, and reported.
// No native module: nothing to rebuild per Electron version. Not run on the Linux machines this was written on.
export const WINDOWS_SPOOLER_SCRIPT = String.raw`
$ErrorActionPreference = 'Stop'
try { [Console]::OutputEncoding = [System.Text.Encoding]::UTF8 } catch { }
Add-Type -TypeDefinition @'
using System;
using System.Runtime.InteropServices;
public static class CajaSpooler {
  [StructLayout(LayoutKind.Sequential, CharSet = CharSet.Unicode)]
  public class DOC_INFO_1 { public string pDocName; public string pOutputFile; public string pDatatype; }
  [StructLayout(LayoutKind.Sequential)]
  public struct PRINTER_INFO_2 {
    public IntPtr pServerName, pPrinterName, pShareName, pPortName, pDriverName, pComment, pLocation, pDevMode,
      pSepFile, pPrintProcessor, pDatatype, pParameters, pSecurityDescriptor;
    public uint Attributes, Priority, DefaultPriority, StartTime, UntilTime, Status, cJobs, AveragePPM;
  }
  [StructLayout(LayoutKind.Sequential)]
  public struct JOB_INFO_1 {
    public uint JobId;
    public IntPtr pPrinterName, pMachineName, pUserName, pDocument, pDatatype, pStatus;
    public uint Status, Priority, Position, TotalPages, PagesPrinted;
    public ushort wYear, wMonth, wDayOfWeek, wDay, wHour, wMinute, wSecond, wMilliseconds;
  }
  [DllImport("winspool.drv", EntryPoint = "OpenPrinterW", CharSet = CharSet.Unicode, SetLastError = true)]
  public static extern bool OpenPrinter(string name, out IntPtr handle, IntPtr defaults);
  [DllImport("winspool.drv", SetLastError = true)] public static extern bool ClosePrinter(IntPtr h);
  [DllImport("winspool.drv", EntryPoint = "StartDocPrinterW", CharSet = CharSet.Unicode, SetLastError = true)]
  public static extern int StartDocPrinter(IntPtr h, int level, [In] DOC_INFO_1 info);
  [DllImport("winspool.drv", SetLastError = true)] public static extern bool EndDocPrinter(IntPtr h);
  [DllImport("winspool.drv", SetLastError = true)] public static extern bool StartPagePrinter(IntPtr h);
  [DllImport("winspool.drv", SetLastError = true)] public static extern bool EndPagePrinter(IntPtr h);
  [DllImport("winspool.drv", SetLastError = true)] public static extern bool WritePrinter(IntPtr h, byte[] data, int count, out int written);
  [DllImport("winspool.drv", EntryPoint = "GetPrinterW", SetLastError = true)]
  public static extern bool GetPrinter(IntPtr h, int level, IntPtr buffer, int size, out int needed);
  [DllImport("winspool.drv", EntryPoint = "GetJobW", SetLastError = true)]
  public static extern bool GetJob(IntPtr h, int jobId, int level, IntPtr buffer, int size, out int needed);
  [DllImport("winspool.drv", EntryPoint = "SetJobW", SetLastError = true)]
  public static extern bool SetJob(IntPtr h, int jobId, int level, IntPtr info, int command);

  // PRINTER_STATUS_* and PRINTER_ATTRIBUTE_WORK_OFFLINE (winspool.h).
  static string PrinterProblem(uint status, uint attributes) {
    if ((attributes & 0x400) != 0) return "OFFLINE";
    if ((status & 0x80) != 0 || (status & 0x1000) != 0) return "OFFLINE";
    if ((status & 0x10) != 0 || (status & 0x40) != 0) return "PAPER_OUT";
    if ((status & 0x400000) != 0) return "DOOR_OPEN";
    if ((status & 0x1) != 0) return "PAUSED";
    if ((status & 0x8) != 0 || (status & 0x2) != 0 || (status & 0x100000) != 0) return "ERROR";
    return null;
  }
  // JOB_STATUS_* (winspool.h): error, offline, paper out, blocked, user intervention.
  static string JobProblem(uint status) {
    if ((status & 0x20) != 0) return "OFFLINE";
    if ((status & 0x40) != 0) return "PAPER_OUT";
    if ((status & 0x2) != 0 || (status & 0x200) != 0 || (status & 0x400) != 0) return "ERROR";
    return null;
  }
  static uint? JobStatus(IntPtr h, int jobId) {
    int needed;
    GetJob(h, jobId, 1, IntPtr.Zero, 0, out needed);
    if (needed <= 0) return null; // gone: printed (or removed)
    IntPtr buffer = Marshal.AllocHGlobal(needed);
    try {
      if (!GetJob(h, jobId, 1, buffer, needed, out needed)) return null;
      return ((JOB_INFO_1)Marshal.PtrToStructure(buffer, typeof(JOB_INFO_1))).Status;
    } finally { Marshal.FreeHGlobal(buffer); }
  }
  public static string Print(string printer, byte[] data) {
    IntPtr h;
    if (!OpenPrinter(printer, out h, IntPtr.Zero)) return "NOT_FOUND|" + Marshal.GetLastWin32Error();
    try {
      int needed;
      GetPrinter(h, 2, IntPtr.Zero, 0, out needed);
      if (needed > 0) {
        IntPtr buffer = Marshal.AllocHGlobal(needed);
        try {
          if (GetPrinter(h, 2, buffer, needed, out needed)) {
            PRINTER_INFO_2 info = (PRINTER_INFO_2)Marshal.PtrToStructure(buffer, typeof(PRINTER_INFO_2));
            string problem = PrinterProblem(info.Status, info.Attributes);
            if (problem != null) return problem + "|" + info.Status;
          }
        } finally { Marshal.FreeHGlobal(buffer); }
      }
      DOC_INFO_1 doc = new DOC_INFO_1();
      doc.pDocName = "Caja ticket";
      doc.pDatatype = "RAW";
      int jobId = StartDocPrinter(h, 1, doc);
      if (jobId == 0) return "REFUSED|" + Marshal.GetLastWin32Error();
      int written = 0;
      bool ok = StartPagePrinter(h) && WritePrinter(h, data, data.Length, out written);
      EndPagePrinter(h);
      EndDocPrinter(h);
      if (!ok || written != data.Length) return "WRITE|" + Marshal.GetLastWin32Error();
      for (int i = 0; i < 30; i++) {
        uint? status = JobStatus(h, jobId);
        if (status == null || (status.Value & 0x1080) != 0) return "OK";
        string problem = JobProblem(status.Value);
        if (problem != null) { SetJob(h, jobId, 0, IntPtr.Zero, 5); return problem + "|job " + status.Value; }
        System.Threading.Thread.Sleep(100);
      }
      return "OK";
    } finally { ClosePrinter(h); }
  }
}
'@
[Console]::Out.WriteLine('{"ready":true}')
[Console]::Out.Flush()
while ($true) {
  $line = [Console]::In.ReadLine()
  if ($line -eq $null) { break }
  try {
    $job = $line | ConvertFrom-Json
    $answer = [CajaSpooler]::Print([string]$job.printer, [Convert]::FromBase64String([string]$job.data))
    $parts = $answer.Split([char[]]@('|'), 2)
    if ($parts[0] -eq 'OK') { $out = @{ ok = $true } } else { $out = @{ ok = $false; code = $parts[0]; detail = $parts[1] } }
  } catch {
    $out = @{ ok = $false; code = 'SCRIPT'; detail = $_.Exception.Message }
  }
  [Console]::Out.WriteLine(($out | ConvertTo-Json -Compress))
  [Console]::Out.Flush()
}
`;
