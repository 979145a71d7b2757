/** Error-screen reports kept for the owner (server/error-reports/api.server.ts). */
export interface ErrorReportsTable {
	id: string
	created_at: number
	report: string
}

export interface ErrorReportsTables {
	error_reports: ErrorReportsTable
}
