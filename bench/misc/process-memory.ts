import fs from "node:fs";

/**
 * Resident memory of a process group (`next start` may fork its server), in
 * MB: VmRSS summed over every process whose group is `pgid`. Linux /proc
 * only; null elsewhere.
 */
export function groupRssMb(pgid: number): number | null {
  let dirs: string[];
  try {
    dirs = fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  let kb = 0;
  for (const pid of dirs) {
    try {
      // Field 5 of /proc/<pid>/stat is the process group; the name (field 2) may hold spaces, so count from its ")".
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
      if (m) kb += Number(m[1]);
    } catch {
      // the process ended meanwhile
    }
  }
  return kb / 1024;
}
