import { type AdminDashboard, DASHBOARD_RECENT_USERS } from '@pv/contracts';
import type { AnalyticsDb } from '../db/schema.js';
import { dayOf, monthStart } from '../time/sao-paulo-day.js';
import { aiUsageTotal, newestUsers, userCounts } from './report.repository.js';

/** The admin Dashboard tab: users, Premium share, this month's AI use, newest users. */
export class DashboardService {
  constructor(
    private readonly db: AnalyticsDb,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async dashboard(): Promise<AdminDashboard> {
    const today = dayOf(this.clock());
    const [counts, ai, recent] = await Promise.all([
      userCounts(this.db),
      aiUsageTotal(this.db, monthStart(today), today),
      newestUsers(this.db, DASHBOARD_RECENT_USERS),
    ]);
    return {
      totalUsers: counts.total,
      activeUsers: counts.active,
      premiumUsers: counts.premium,
      premiumPercentage:
        counts.total === 0 ? 0 : Math.round((counts.premium / counts.total) * 1_000) / 10,
      month: today.slice(0, 7),
      aiRequestsThisMonth: ai.requests,
      aiCostUSDThisMonth: ai.cost_usd,
      recentUsers: recent.map((u) => ({
        id: u.id,
        fullName: u.full_name,
        email: u.email,
        isAdmin: u.is_admin,
        isPremium: u.is_premium,
        userStatus: u.user_status,
        createdAt: u.created_at.toISOString(),
        lastLoginAt: u.last_login_at ? new Date(u.last_login_at).toISOString() : null,
      })),
    };
  }
}
